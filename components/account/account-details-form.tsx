"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { updateAccountSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/** Name (editable) and email (shown; a change of address is verified by our team for now). */
export function AccountDetailsForm({ name, email }: { name: string; email: string }) {
  const { status, errors, submit, isSubmitting } = useApiForm({ schema: updateAccountSchema, path: "/api/account", method: "PATCH" });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="account-details-heading">
      <h3 id="account-details-heading">Account details</h3>
      <TextField id="account-name" name="name" label="Name" autoComplete="name" defaultValue={name} error={errors.name} disabled={isSubmitting} required />
      <p className={styles.hint}>
        Email: <strong>{email}</strong>. To change it, contact us and we will verify the new address.
      </p>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save details"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
