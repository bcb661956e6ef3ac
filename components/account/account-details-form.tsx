"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { updateAccountSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/** The name (editable here); the email address is changed with its own form (ChangeEmailForm). */
export function AccountDetailsForm({ name }: { name: string }) {
  const { status, errors, submit, isSubmitting } = useApiForm({ schema: updateAccountSchema, path: "/api/account", method: "PATCH" });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="account-details-heading">
      <h3 id="account-details-heading">Account details</h3>
      <TextField id="account-name" name="name" label="Name" autoComplete="name" defaultValue={name} error={errors.name} disabled={isSubmitting} required />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save details"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
