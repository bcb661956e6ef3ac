"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import { setRemindersSchema } from "@/lib/validation/account";
import styles from "./account-forms.module.css";

/** Email reminders about reorders and appointments: on or off. */
export function RemindersForm({ enabled }: { enabled: boolean }) {
  const { status, submit, isSubmitting } = useApiForm({
    schema: setRemindersSchema,
    path: "/api/account/reminders",
    method: "PUT",
    toInput: (data) => ({ enabled: data.get("enabled") === "on" }),
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="reminders-heading">
      <h3 id="reminders-heading">Reminders</h3>
      <label className={styles.checkbox}>
        <input type="checkbox" name="enabled" defaultChecked={enabled} disabled={isSubmitting} />
        Email me reminders when a treatment is due for reorder and before appointments
      </label>
      <div className={styles.actions}>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save reminders"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
