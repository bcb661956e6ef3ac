"use client";

import { useId, useRef } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import styles from "./dispense-form.module.css";

// Loaded on the first submit, so the page ships without zod.
const loadRxRules = () => import("@/lib/validation/rx");

/** The 8-digit code printed on the prescription → "Mark as dispensed", by the signed-in pharmacy (`dispensingAs`). */
export function DispenseForm({ reference, dispensingAs }: { reference: string; dispensingAs: string }) {
  const id = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: async () => (await loadRxRules()).dispensePrescriptionSchema,
    path: `/api/rx/${encodeURIComponent(reference)}/dispense`,
    method: "POST",
    failureMessage: "We could not mark this prescription as dispensed. Please try again.",
    // The fields go once it is dispensed: move focus to the confirmation.
    onSuccess: () => requestAnimationFrame(() => statusRef.current?.focus()),
  });
  const isDone = status.kind === "success";
  const codeId = `${id}-code`;
  const codeHintId = `${codeId}-hint`;
  const codeErrorId = `${codeId}-error`;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Mark as dispensed">
      {isDone ? null : (
        <>
          <p>
            Dispensing as <strong>{dispensingAs}</strong>. Enter the dispensing code printed on the prescription. The code works once.
          </p>
          <div className="field">
            <label htmlFor={codeId} className="field-label">
              Dispensing code
            </label>
            <p id={codeHintId} className={styles.hint}>
              8 digits, for example 1234 5678
            </p>
            <input
              id={codeId}
              name="code"
              className={`input ${styles.code}`}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              maxLength={12}
              required
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? `${codeHintId} ${codeErrorId}` : codeHintId}
            />
            {errors.code ? (
              <p id={codeErrorId} className="field-error">
                {errors.code}
              </p>
            ) : null}
          </div>
        </>
      )}
      <div ref={statusRef} tabIndex={-1} className={styles.status}>
        <FormStatusMessage status={status} />
      </div>
      {isDone ? null : (
        <button type="submit" className={`button ${styles.submit}`} disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : "Mark as dispensed"}
        </button>
      )}
    </form>
  );
}
