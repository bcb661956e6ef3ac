"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { declinePrescriptionSchema } from "@/lib/validation/prescription-review";
import { useCaseAction } from "./use-case-action";
import styles from "./case-forms.module.css";

/** Decline with a reason; the fee is refunded in full. */
export function DeclineForm({ caseId }: { caseId: string }) {
  const { status, errors, submit, isSubmitting } = useCaseAction(caseId, "decline", declinePrescriptionSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="decline-heading">
      <h3 id="decline-heading" className={styles.formTitle}>
        Decline and refund
      </h3>
      <p className={styles.note}>The patient reads the reason in their account (it is never emailed) and is refunded in full at once.</p>
      <TextField id="decline-reason" name="reason" label="Reason for the patient" multiline rows={3} error={errors.reason} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Declining..." : "Decline and refund"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
