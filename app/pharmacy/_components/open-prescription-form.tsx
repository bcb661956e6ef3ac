"use client";

import { useActionState, useId } from "react";
import { openPrescription, type OpenPrescriptionState } from "./open-prescription";
import styles from "./pharmacy.module.css";

const INITIAL: OpenPrescriptionState = { message: null };

/** The reference printed on a paper prescription → its check and dispensing page (POST, then redirect). */
export function OpenPrescriptionForm() {
  const id = useId();
  const [state, action, isPending] = useActionState(openPrescription, INITIAL);
  const inputId = `${id}-reference`;
  const errorId = `${inputId}-error`;
  return (
    <form action={action} className={styles.form} aria-label="Enter a prescription reference" noValidate>
      <div className="field">
        <label htmlFor={inputId} className="field-label">
          Prescription reference
        </label>
        <input
          id={inputId}
          name="reference"
          className="input"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={40}
          required
          aria-invalid={state.message ? true : undefined}
          aria-describedby={state.message ? errorId : undefined}
          placeholder="RX-XXXX-XXXX-XXXX"
        />
        {state.message ? (
          <p id={errorId} className="field-error" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={isPending}>
        {isPending ? "Opening..." : "Open prescription"}
      </button>
    </form>
  );
}
