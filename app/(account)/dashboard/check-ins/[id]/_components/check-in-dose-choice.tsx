import styles from "./check-in-form.module.css";

/**
 * "Your dose for the next month" for a dose-ladder medicine (Mounjaro SmPC 4.2): stay on the
 * current dose or step up one; no step up from the maximum. The prescriber decides.
 */
export function CheckInDoseChoice({ dose, error, disabled }: { dose: { current: string; next: string | null }; error?: string; disabled?: boolean }) {
  const options = [{ value: "same", label: `Stay on ${dose.current}` }, ...(dose.next ? [{ value: "up", label: `Step up to ${dose.next}` }] : [])];
  return (
    <fieldset className={styles.fieldset} aria-describedby={`dose_step-hint${error ? " dose_step-error" : ""}`} disabled={disabled}>
      <legend className="field-label">Your dose for the next month</legend>
      <p id="dose_step-hint" className={styles.hint}>
        {dose.next
          ? "The dose goes up one step at a time, after at least 4 weeks on your current dose. Our prescriber decides, taking your answers into account."
          : `${dose.current} is the highest dose.`}
      </p>
      <div className={styles.options}>
        {options.map((option) => (
          <div key={option.value} className={styles.option}>
            <input id={`dose_step-${option.value}`} type="radio" name="dose_step" value={option.value} />
            <label htmlFor={`dose_step-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
      {error ? (
        <p id="dose_step-error" className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
