"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { submitCheckInSchema } from "@/lib/validation/check-ins";
import type { PatientCheckIn } from "@/lib/server/check-ins/types";
import { CheckInMedicineQuestions, medicineAnswers } from "./check-in-medicine-questions";
import { CheckInProgressPhotos } from "./check-in-progress-photos";
import styles from "./check-in-form.module.css";

type Choice = { value: string; label: string };

function Choices({ name, legend, hint, options, error, value, onChange }: { name: string; legend: string; hint?: string; options: Choice[]; error?: string; value: string; onChange: (value: string) => void }) {
  const errorId = `${name}-error`;
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ") || undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.options}>
        {options.map((option) => (
          <div key={option.value} className={styles.option}>
            <input id={`${name}-${option.value}`} type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <label htmlFor={`${name}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const NONE_OR_YES = (yes: string): Choice[] => [
  { value: "none", label: "None" },
  { value: "yes", label: yes },
];

/** The renewal check-in: validated in the browser with the server's schema, sent as JSON, the confirmation shown in place. */
export function CheckInForm({ checkInId, needsWeight, checkIn, needsPhotos = false }: { checkInId: string; needsWeight: boolean; checkIn: Pick<PatientCheckIn, "id" | "dose" | "needsWeight" | "weightPhotos">; needsPhotos?: boolean }) {
  const router = useRouter();
  const [sideEffects, setSideEffects] = useState("");
  const [newConditions, setNewConditions] = useState("");
  const [carryOn, setCarryOn] = useState("");
  const { status, errors, submit, clearStatus, isSubmitting } = useApiForm({
    schema: submitCheckInSchema,
    path: `/api/check-ins/${checkInId}`,
    method: "POST",
    toInput: (data) => ({
      // Empty is refused in the browser with the same sentence as the server.
      weight_kg: needsWeight ? String(data.get("weight_kg") ?? "") : undefined,
      side_effects: data.get("side_effects") ?? undefined,
      side_effects_detail: data.get("side_effects") === "yes" ? String(data.get("side_effects_detail") ?? "") || undefined : undefined,
      new_conditions: data.get("new_conditions") ?? undefined,
      new_conditions_detail: data.get("new_conditions") === "yes" ? String(data.get("new_conditions_detail") ?? "") || undefined : undefined,
      continue: data.get("continue") ?? undefined,
      ...medicineAnswers(data),
      progress_photo_set_id: String(data.get("progress_photo_set_id") ?? "") || undefined,
    }),
    onSuccess: () => router.refresh(),
  });
  if (status.kind === "success") return <FormStatusMessage status={status} />;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {needsWeight ? (
        <div className={styles.weight}>
          <TextField id="weight_kg" name="weight_kg" label="Your weight today (kg)" type="text" autoComplete="off" error={errors.weight_kg} disabled={isSubmitting} />
        </div>
      ) : null}
      <CheckInMedicineQuestions checkIn={checkIn} errors={errors} disabled={isSubmitting} />
      <Choices name="side_effects" legend="Side effects since your last supply" options={NONE_OR_YES("Yes, I have had side effects")} error={errors.side_effects} value={sideEffects} onChange={setSideEffects} />
      {sideEffects === "yes" ? (
        <TextField id="side_effects_detail" name="side_effects_detail" label="What side effects, since when, and how bad?" multiline rows={4} error={errors.side_effects_detail} disabled={isSubmitting} />
      ) : null}
      <Choices
        name="new_conditions"
        legend="New medical conditions or medicines"
        hint="Including anything bought without a prescription, and any planned pregnancy or surgery."
        options={NONE_OR_YES("Yes, something has changed")}
        error={errors.new_conditions}
        value={newConditions}
        onChange={setNewConditions}
      />
      {newConditions === "yes" ? (
        <TextField id="new_conditions_detail" name="new_conditions_detail" label="What has changed?" multiline rows={4} error={errors.new_conditions_detail} disabled={isSubmitting} />
      ) : null}
      {needsPhotos ? <CheckInProgressPhotos error={errors.progress_photos} disabled={isSubmitting} onSaved={clearStatus} /> : null}
      <Choices
        name="continue"
        legend="Do you want to continue your treatment?"
        options={[
          { value: "yes", label: "Yes, continue" },
          { value: "stop", label: "No, stop my subscription (nothing more is charged)" },
          { value: "doctor", label: "I'd like to speak to a doctor first" },
        ]}
        error={errors.continue}
        value={carryOn}
        onChange={setCarryOn}
      />
      <FormStatusMessage status={status} />
      <p>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send my check-in"}
        </button>
      </p>
    </form>
  );
}
