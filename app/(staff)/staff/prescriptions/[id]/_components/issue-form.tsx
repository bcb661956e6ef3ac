"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { issuePrescriptionSchema } from "@/lib/validation/prescription-review";
import { SupplyBlockedNote } from "@/components/staff/supply-checks";
import styles from "@/components/staff/staff-forms.module.css";
import { useStaffAction } from "@/components/staff/use-staff-action";

/** Issue the prescription: what is printed on it. */
export function IssueForm({ caseId, blockedReason }: { caseId: string; blockedReason: string | null }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/prescriptions/${caseId}/issue`, issuePrescriptionSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="issue-heading">
      <h3 id="issue-heading" className={styles.formTitle}>
        Issue a prescription
      </h3>
      <TextField id="issue-medicine" name="medicine" label="Medicine" error={errors.medicine} required disabled={isSubmitting} />
      <div className={styles.row}>
        <TextField id="issue-dose" name="dose" label="Dose" error={errors.dose} required disabled={isSubmitting} />
        <TextField id="issue-quantity" name="quantity" label="Quantity" error={errors.quantity} required disabled={isSubmitting} />
      </div>
      <TextField id="issue-directions" name="directions" label="Directions" multiline rows={3} error={errors.directions} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button" disabled={isSubmitting || blockedReason !== null} aria-describedby={blockedReason ? "issue-blocked" : undefined}>
          {isSubmitting ? "Issuing..." : "Issue prescription"}
        </button>
      </div>
      {blockedReason ? <SupplyBlockedNote id="issue-blocked" reason={blockedReason} /> : null}
      <FormStatusMessage status={status} />
    </form>
  );
}
