"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { askPatientSchema } from "@/lib/validation/prescription-review";
import { useCaseAction } from "./use-case-action";
import styles from "./case-forms.module.css";

/** Ask the patient a question; the case waits for their reply and the claim is released. */
export function AskForm({ caseId }: { caseId: string }) {
  const { status, errors, submit, isSubmitting } = useCaseAction(caseId, "messages", askPatientSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="ask-heading">
      <h3 id="ask-heading" className={styles.formTitle}>
        Ask the patient a question
      </h3>
      <p className={styles.note}>The patient is emailed that there is a message and answers in their account. The case returns to the queue when they reply.</p>
      <TextField id="ask-body" name="body" label="Your question" multiline rows={3} error={errors.body} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send question"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
