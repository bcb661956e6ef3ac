"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { changePasswordSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/** Current password, new password twice. Other devices are signed out on success. */
export function ChangePasswordForm() {
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: changePasswordSchema,
    path: "/api/account/password",
    method: "POST",
    onSuccess: (_body, form) => form.reset(),
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="change-password-heading">
      <h3 id="change-password-heading">Password</h3>
      <PasswordField id="current-password" name="current_password" label="Current password" autoComplete="current-password" error={errors.current_password} disabled={isSubmitting} required />
      <PasswordField id="new-password" name="password" label="New password" autoComplete="new-password" error={errors.password} disabled={isSubmitting} required />
      <PasswordField id="new-password-confirmation" name="password_confirmation" label="Confirm new password" autoComplete="new-password" error={errors.password_confirmation} disabled={isSubmitting} required />
      <p className={styles.hint}>At least 8 characters. A few unrelated words make a strong password.</p>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Changing..." : "Change password"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
