import { NO_SLOTS_LEFT } from "./schedule-messages";
import styles from "./slot-picker.module.css";
import type { SlotsState } from "./use-slots";

type SlotPickerProps = {
  state: SlotsState;
  selected: string | null;
  onPick: (time: string) => void;
  onRetry: () => void;
};

/** "Select a time": one toggle button per free slot of the chosen date. */
export function SlotPicker({ state, selected, onPick, onRetry }: SlotPickerProps) {
  return (
    <fieldset className={styles.fieldset} aria-busy={state.kind === "loading" || undefined}>
      <legend className={styles.legend}>Select a time</legend>
      {state.kind === "loading" ? (
        <p className={styles.note} role="status">
          Loading available times…
        </p>
      ) : null}
      {state.kind === "error" ? (
        <div className={styles.problem}>
          <p role="alert" className={styles.error}>
            {state.message}
          </p>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {state.kind === "ready" && state.times.length === 0 ? (
        <p className={styles.note} role="status">
          {NO_SLOTS_LEFT}
        </p>
      ) : null}
      {state.kind === "ready" && state.times.length > 0 ? (
        <ul className={styles.slots}>
          {state.times.map((time) => (
            <li key={time}>
              <button
                type="button"
                className={styles.slot}
                aria-pressed={time === selected}
                onClick={() => onPick(time)}
              >
                {time}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
