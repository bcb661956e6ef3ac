"use client";

import type { z } from "zod";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { SupplyBlockedNote } from "./supply-checks";
import { useStaffAction } from "./use-staff-action";
import styles from "./staff-forms.module.css";

type Props<S extends z.ZodType> = {
  path: string;
  schema: S;
  /** The one text field's name in the body, and the id its label points at. */
  field: string;
  id: string;
  title: string;
  note: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** The text may be left empty (the label says so). */
  optional?: boolean;
  /** The decision itself (a primary button), not a side action. */
  primary?: boolean;
  /** Why the action cannot be taken yet: the button is disabled and says why. */
  blockedReason?: string | null;
};

/** A titled staff form with one text area (a reason, a question, directions; required unless optional) and its submit button. */
export function TextActionForm<S extends z.ZodType>({ path, schema, field, id, title, note, label, submitLabel, busyLabel, optional = false, primary = false, blockedReason = null }: Props<S>) {
  const { status, errors, submit, isSubmitting } = useStaffAction(path, schema);
  const headingId = `${id}-heading`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.formTitle}>
        {title}
      </h3>
      <p className={styles.note}>{note}</p>
      <TextField id={`${id}-${field}`} name={field} label={label} multiline rows={3} error={errors[field]} required={!optional} disabled={isSubmitting} />
      <div>
        <button
          type="submit"
          className={primary ? "button" : "button button-secondary"}
          disabled={isSubmitting || blockedReason !== null}
          aria-describedby={blockedReason ? `${id}-blocked` : undefined}
        >
          {isSubmitting ? busyLabel : submitLabel}
        </button>
      </div>
      {blockedReason ? <SupplyBlockedNote id={`${id}-blocked`} reason={blockedReason} /> : null}
      <FormStatusMessage status={status} />
    </form>
  );
}
