"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import styles from "@/components/staff/staff-forms.module.css";
import { useStaffAction } from "@/components/staff/use-staff-action";
import { approveCheckInSchema, referCheckInSchema } from "@/lib/validation/check-ins";

type DoseChoice = { current: string; requested: string | null; options: string[] };

/**
 * Approve: the renewal may be charged and supplied. A dose-ladder medicine: the next dose, the
 * same or one step up (default: the patient's request). A weight-loss medicine: the weight the
 * prescriber read on the check-in's scales photo (required).
 */
export function ApproveCheckInForm({ checkInId, dose, needsWeight }: { checkInId: string; dose: DoseChoice | null; needsWeight: boolean }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/check-ins/${checkInId}/approve`, approveCheckInSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="approve-heading">
      <h3 id="approve-heading" className={styles.formTitle}>
        Approve the repeat supply
      </h3>
      <p className={styles.note}>The renewal is charged on its date (at once if it has passed) and the order goes to the pharmacist.</p>
      {needsWeight ? <TextField id="approve-weight" name="weight_kg" label="Verified weight from the scales photo (kg)" error={errors.weight_kg} required disabled={isSubmitting} /> : null}
      {dose ? (
        <fieldset className="field" aria-describedby={errors.dose ? "approve-dose-error" : undefined}>
          <legend className="field-label">Next dose</legend>
          {dose.options.map((option) => (
            <label key={option} style={{ display: "block" }}>
              <input type="radio" name="dose" value={option} defaultChecked={option === (dose.requested ?? dose.current)} disabled={isSubmitting} />{" "}
              {option === dose.current ? `Stay on ${option}` : `Step up to ${option}`}
              {option === dose.requested ? " (the patient's request)" : ""}
            </label>
          ))}
          {errors.dose ? (
            <p id="approve-dose-error" className="field-error">
              {errors.dose}
            </p>
          ) : null}
        </fieldset>
      ) : null}
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
