"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import sideEffectStyles from "@/components/side-effects/side-effects.module.css";
import styles from "@/components/staff/staff-forms.module.css";
import { useStaffAction } from "@/components/staff/use-staff-action";
import { OUTCOME_LABELS, OUTCOMES } from "@/lib/side-effects/rules";
import { triageSideEffectSchema } from "@/lib/validation/side-effects";

const toInput = (data: FormData) => ({ outcome: data.get("outcome") ?? undefined, note: data.get("note") ?? "" });

/** Triage (inside the page's "Triage" card, whose heading names the form): the outcome and a note (a clinical decision, audited); clears the flag on the patient's orders. */
export function TriageForm({ reportId }: { reportId: string }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/side-effects/${reportId}/triage`, triageSideEffectSchema, toInput);
  return (
    <form className={sideEffectStyles.form} onSubmit={submit} noValidate aria-labelledby="triage-heading">
      <p className={styles.note}>Record what was decided. This clears the flag on the patient&apos;s orders and is written to the audit log.</p>
      <fieldset className={sideEffectStyles.choices} tabIndex={-1} aria-invalid={errors.outcome ? true : undefined} aria-describedby={errors.outcome ? "triage-outcome-error" : undefined}>
        <legend>Outcome</legend>
        {OUTCOMES.map((outcome) => (
          <label key={outcome} className={sideEffectStyles.choice}>
            <input type="radio" name="outcome" value={outcome} disabled={isSubmitting} />
            <span>{OUTCOME_LABELS[outcome]}</span>
          </label>
        ))}
        {errors.outcome ? (
          <p id="triage-outcome-error" className="field-error">
            {errors.outcome}
          </p>
        ) : null}
      </fieldset>
      <TextField id="triage-note" name="note" label="Note" multiline rows={3} error={errors.note} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Record triage"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
