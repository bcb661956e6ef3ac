"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import styles from "../../_components/auth-form.module.css";

export const VERIFY_ERROR = "We couldn't confirm your email address just now. Please try again.";

/**
 * Uses the emailed token only when the visitor presses the button (POST /api/verify-email).
 * Not on page load, not even from script: mail scanners open links, and some run their
 * script, which would use up a single-use link before its owner sees it.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const { status, errors, submit } = useApiForm({
    schema: async () => (await import("@/lib/validation/auth")).verifyEmailSchema,
    path: "/api/verify-email",
    method: "POST",
    toInput: () => ({ token }),
    invalidMessage: (fieldErrors) => fieldErrors.token ?? VERIFY_ERROR,
    failureMessage: VERIFY_ERROR,
  });
  const isLinkInvalid = status.kind === "error" && errors.token !== undefined;

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
      <FormStatusMessage
        status={status}
        className={styles.status}
        errorAction={
          isLinkInvalid ? (
            <>
              You can get one from your <a href="/dashboard">dashboard</a> (to verify your address) or from{" "}
              <a href="/dashboard/account-settings">Account Settings</a> (to change it).
            </>
          ) : null
        }
      />
      {status.kind === "success" || isLinkInvalid ? null : (
        <button type="submit" className={`button ${styles.submit}`} disabled={status.kind === "submitting"}>
          {status.kind === "submitting" ? "Confirming..." : "Confirm my email address"}
        </button>
      )}
    </form>
  );
}
