"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import { resendEmailVerificationSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/** "Send the link again": a new link to verify the account's address (3 an hour). */
export function ResendVerificationForm() {
  const { status, submit, isSubmitting } = useApiForm({
    schema: resendEmailVerificationSchema,
    path: "/api/account/email-verification",
    method: "POST",
  });
  return (
    <form className={styles.inline} onSubmit={submit} noValidate aria-label="Send the verification link again">
      <button type="submit" className="button button-secondary" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send the link again"}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
