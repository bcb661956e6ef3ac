import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import styles from "./booking-actions.module.css";
import { SUBMIT_BUSY_LABEL, SUBMIT_LABEL } from "./booking-messages";

type BookingActionsProps = {
  idPrefix: string;
  canSubmit: boolean;
  isBusy: boolean;
  isComplete: boolean;
  status: FormStatus;
};

/** "Book appointment", why it is still disabled, and the result message under the form. */
export function BookingActions({ idPrefix, canSubmit, isBusy, isComplete, status }: BookingActionsProps) {
  const hintId = `${idPrefix}-submit-hint`;
  const showHint = !isComplete && !isBusy;
  return (
    <div className={styles.actions}>
      <button
        type="submit"
        className={`button ${styles.submit}`}
        disabled={!canSubmit}
        aria-describedby={showHint ? hintId : undefined}
      >
        {isBusy ? SUBMIT_BUSY_LABEL : SUBMIT_LABEL}
      </button>
      {showHint ? (
        <p id={hintId} className={styles.hint}>
          Enter your name and email, then choose a weekday and a time.
        </p>
      ) : null}
      <FormStatusMessage status={status} className={styles.status} />
    </div>
  );
}
