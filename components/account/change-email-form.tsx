"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { requestEmailChangeSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/**
 * Asks to move the account to a new address (POST /api/account/email). The address changes
 * only when the link sent to it is opened; until then the current one stays in use.
 */
export function ChangeEmailForm({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: requestEmailChangeSchema,
    path: "/api/account/email",
    method: "POST",
    onSuccess: (_body, form) => form.reset(),
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="change-email-heading">
      <h3 id="change-email-heading">Email address</h3>
      <p className={styles.hint}>
        Your email address is <strong>{email}</strong>. To change it, enter the new address and your
        password: we will send a link to the new address, and tell this one.
      </p>
      {pendingEmail && status.kind !== "success" ? (
        <p className={styles.hint}>
          Waiting for confirmation: open the link we sent to <strong>{pendingEmail}</strong>.
        </p>
      ) : null}
      <TextField id="new-email" name="email" label="New email address" type="email" autoComplete="email" error={errors.email} disabled={isSubmitting} required />
      <PasswordField id="email-change-password" name="current_password" label="Current password" autoComplete="current-password" error={errors.current_password} disabled={isSubmitting} required />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Change email address"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
