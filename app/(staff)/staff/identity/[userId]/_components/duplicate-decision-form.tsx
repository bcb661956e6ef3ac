"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useStaffAction } from "@/components/staff/use-staff-action";
import { decideIdentityDuplicateSchema } from "@/lib/validation/identity";
import styles from "@/components/staff/staff-forms.module.css";

const CHOICES = [
  { value: "DIFFERENT_PEOPLE", label: "Different people: supply may go ahead" },
  { value: "SAME_PERSON_SUPPLY_ALLOWED", label: "The same person, known and reviewed: supply may go ahead" },
  { value: "SAME_PERSON_DECLINE", label: "The same person: no supply on this account (decline its cases)" },
] as const;

/** The reviewer's decision on one pair of accounts flagged as the same person. */
export function DuplicateDecisionForm({ userId, otherUserId, otherEmail }: { userId: string; otherUserId: string; otherEmail: string }) {
  const { status, errors, submit, isSubmitting } = useStaffAction("/api/staff/identity-duplicates", decideIdentityDuplicateSchema, (data) => ({
    user_id: userId,
    other_user_id: otherUserId,
    decision: data.get("decision") ?? undefined,
    note: data.get("note") ?? "",
  }));
  const id = `duplicate-${otherUserId}`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.formTitle}>
        Your decision on {otherEmail}
      </h3>
      <fieldset aria-describedby={errors.decision ? `${id}-decision-error` : undefined}>
        <legend>Are these accounts the same person?</legend>
        {CHOICES.map((choice) => (
          <div key={choice.value}>
            <input type="radio" id={`${id}-${choice.value}`} name="decision" value={choice.value} disabled={isSubmitting} />{" "}
            <label htmlFor={`${id}-${choice.value}`}>{choice.label}</label>
          </div>
        ))}
        {errors.decision ? (
          <p id={`${id}-decision-error`} className="field-error">
            {errors.decision}
          </p>
        ) : null}
      </fieldset>
      <TextField id={`${id}-note`} name="note" label="How you decided" multiline rows={3} error={errors.note} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Recording..." : "Record the decision"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
