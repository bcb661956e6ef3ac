"use client";

import type { ReactNode } from "react";
import type { z } from "zod";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import styles from "./auth-form.module.css";

type EmailedLinkFormProps = {
  token: string;
  /** The shared schema of `{ token }`, loaded with the form (keeps zod out of the page's first bundle). */
  schema: () => Promise<z.ZodType>;
  path: string;
  /** Shown when the server gives no message or cannot be reached. */
  failureMessage: string;
  label: string;
  busyLabel: string;
  successAction?: ReactNode;
  /** Offered beside the server's message when the link is used, expired or unknown. */
  invalidLinkAction: ReactNode;
};

/**
 * A single-use link from an email (verify an address, unlock sign-in): the token is used only
 * when the visitor presses the button (a POST), never on page load, not even from script,
 * because mail scanners open links and some run their script, which would use up the link
 * before its owner sees it.
 */
export function EmailedLinkForm({ token, schema, path, failureMessage, label, busyLabel, successAction, invalidLinkAction }: EmailedLinkFormProps) {
  const { status, errors, submit } = useApiForm({
    schema,
    path,
    method: "POST",
    toInput: () => ({ token }),
    invalidMessage: (fieldErrors) => fieldErrors.token ?? failureMessage,
    failureMessage,
  });
  const isLinkInvalid = status.kind === "error" && errors.token !== undefined;

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
      <FormStatusMessage status={status} className={styles.status} successAction={successAction} errorAction={isLinkInvalid ? invalidLinkAction : null} />
      {status.kind === "success" || isLinkInvalid ? null : (
        <button type="submit" className={`button ${styles.submit}`} disabled={status.kind === "submitting"}>
          {status.kind === "submitting" ? busyLabel : label}
        </button>
      )}
    </form>
  );
}
