"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import styles from "../../_components/auth-form.module.css";

export const UNLOCK_ERROR = "We couldn't unlock sign-in just now. Please try again.";

/**
 * Uses the emailed token only when the visitor presses the button (POST /api/unlock-sign-in),
 * never on page load: mail scanners open links, and would use up the single-use link.
 */
export function UnlockSignInForm({ token }: { token: string }) {
  const { status, errors, submit } = useApiForm({
    schema: async () => (await import("@/lib/validation/auth")).unlockSignInSchema,
    path: "/api/unlock-sign-in",
    method: "POST",
    toInput: () => ({ token }),
    invalidMessage: (fieldErrors) => fieldErrors.token ?? UNLOCK_ERROR,
    failureMessage: UNLOCK_ERROR,
  });
  const isLinkInvalid = status.kind === "error" && errors.token !== undefined;

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
      <FormStatusMessage
        status={status}
        className={styles.status}
        successAction={<a href="/login">Log in now</a>}
        errorAction={isLinkInvalid ? <>Or choose a new password from <a href="/forgot-password">Forgot your password?</a></> : null}
      />
      {status.kind === "success" || isLinkInvalid ? null : (
        <button type="submit" className={`button ${styles.submit}`} disabled={status.kind === "submitting"}>
          {status.kind === "submitting" ? "Unlocking..." : "Unlock sign-in"}
        </button>
      )}
    </form>
  );
}
