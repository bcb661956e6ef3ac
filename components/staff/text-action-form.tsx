"use client";

import type { z } from "zod";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
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
};

/** A titled staff form with one required text area (a reason, a question) and a secondary submit button. */
export function TextActionForm<S extends z.ZodType>({ path, schema, field, id, title, note, label, submitLabel, busyLabel }: Props<S>) {
  const { status, errors, submit, isSubmitting } = useStaffAction(path, schema);
  const headingId = `${id}-heading`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.formTitle}>
        {title}
      </h3>
      <p className={styles.note}>{note}</p>
      <TextField id={`${id}-${field}`} name={field} label={label} multiline rows={3} error={errors[field]} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
