"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { navigateTo } from "@/lib/client/navigate";
import { deleteAccountSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/** Deletes the account after the password is re-entered; explains what the law makes us keep. */
export function DeleteAccountForm() {
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: deleteAccountSchema,
    path: "/api/account",
    method: "DELETE",
    onSuccess: () => navigateTo("/"),
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="delete-account-heading">
      <h3 id="delete-account-heading">Delete my account</h3>
      <p className={styles.hint}>
        This deletes your account, your cart, your sign-ins and your newsletter subscription, and cannot be undone.
        UK law requires a pharmacy to keep some medical records after an account is closed: prescriptions and the
        records of medicines we supplied (at least 2 years) and clinical notes from assessments and consultations
        (8 years for adults). Those are kept securely, only for that purpose, and then destroyed.
      </p>
      <p className={styles.hint}>
        Consultations you have booked stay booked, and we still email you about them. To cancel one (refunded up to
        24 hours before it starts), cancel it in Orders before you delete your account, or contact us afterwards.
      </p>
      <PasswordField id="delete-password" name="password" label="Your password" autoComplete="current-password" error={errors.password} disabled={isSubmitting} required />
      <div className={styles.actions}>
        <button type="submit" className={`button ${styles.danger}`} disabled={isSubmitting}>
          {isSubmitting ? "Deleting..." : "Delete my account"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
