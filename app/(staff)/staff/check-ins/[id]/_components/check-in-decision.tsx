"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import styles from "@/components/staff/staff-forms.module.css";
import { useStaffAction } from "@/components/staff/use-staff-action";
import { approveCheckInSchema, referCheckInSchema } from "@/lib/validation/check-ins";

/** Approve: the renewal may be charged and supplied. */
export function ApproveCheckInForm({ checkInId }: { checkInId: string }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/check-ins/${checkInId}/approve`, approveCheckInSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="approve-heading">
      <h3 id="approve-heading" className={styles.formTitle}>
        Approve the repeat supply
      </h3>
      <p className={styles.note}>The renewal is charged on its date (at once if it has passed) and the order goes to the pharmacist.</p>
      <TextField id="approve-note" name="note" label="Note for the record (optional)" multiline rows={2} error={errors.note} disabled={isSubmitting} />
      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Approving..." : "Approve"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}

/** Refer: a fee-waived consultation first; the renewal stays unpaid. */
export function ReferCheckInForm({ checkInId }: { checkInId: string }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/check-ins/${checkInId}/refer`, referCheckInSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="refer-heading">
      <h3 id="refer-heading" className={styles.formTitle}>
        Refer to a consultation
      </h3>
      <p className={styles.note}>The patient is invited to a free doctor consultation; nothing is charged or sent until then.</p>
      <TextField id="refer-note" name="note" label="Why (kept in the record, not emailed)" multiline rows={2} error={errors.note} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Referring..." : "Refer to a consultation"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
