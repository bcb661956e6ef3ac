"use client";

import { useId } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { requestPasswordResetSchema } from "@/lib/validation/auth";
import styles from "../../_components/auth-form.module.css";

export const RESET_REQUEST_ERROR = "We couldn't send the reset link just now. Please try again.";

/** Asks POST /api/forgot-password for a reset link; the answer is the same for any address. */
export function ForgotPasswordForm() {
  const id = useId();
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: requestPasswordResetSchema,
    path: "/api/forgot-password",
    method: "POST",
    invalidMessage: (fieldErrors) => fieldErrors.email ?? RESET_REQUEST_ERROR,
    failureMessage: RESET_REQUEST_ERROR,
  });
  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
      <TextField id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" disabled={isSubmitting} error={errors.email} />
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </button>
    </form>
  );
}
