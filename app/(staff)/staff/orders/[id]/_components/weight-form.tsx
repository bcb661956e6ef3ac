"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import styles from "@/components/staff/staff-forms.module.css";
import { useStaffAction } from "@/components/staff/use-staff-action";
import { recordWeightSchema, WEIGHT_NOTE_MAX } from "@/lib/validation/weight-verification";

const METHODS = [
  { value: "PHOTO", label: "Photo on scales (the patient's photo above)" },
  { value: "VIDEO_CONSULTATION", label: "Video consultation" },
  { value: "IN_PERSON", label: "In person" },
] as const;

/** The claim holder records the weight they verified; the BMI and the rule's verdict come back from the server. */
export function WeightForm({ orderId, defaultMethod }: { orderId: string; defaultMethod: "PHOTO" | "VIDEO_CONSULTATION" | "IN_PERSON" }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/orders/${orderId}/weight`, recordWeightSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="weight-form-heading">
      <h3 id="weight-form-heading" className={styles.formTitle}>
        Record the verified weight
      </h3>
      <p className={styles.note}>The BMI is worked out with the height from the assessment, and the medicine&apos;s BMI rule is applied to it.</p>
      <TextField id="weight-kg" name="weight_kg" label="Verified weight (kg)" error={errors.weight_kg} required disabled={isSubmitting} />
      <fieldset className="field" aria-describedby={errors.method ? "weight-method-error" : undefined}>
        <legend className="field-label">How was it verified?</legend>
        {METHODS.map((method) => (
          <label key={method.value} style={{ display: "block" }}>
            <input type="radio" name="method" value={method.value} defaultChecked={method.value === defaultMethod} disabled={isSubmitting} /> {method.label}
          </label>
        ))}
        {errors.method ? (
          <p id="weight-method-error" className="field-error">
            {errors.method}
          </p>
        ) : null}
      </fieldset>
      <TextField id="weight-note" name="note" label={`Note (optional, up to ${WEIGHT_NOTE_MAX} characters)`} multiline rows={2} error={errors.note} disabled={isSubmitting} />
      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Record verified weight"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
