import { CheckIcon } from "@/components/icons/check-icon";
import type { TimelineStep } from "@/lib/server/prescriptions/types";
import { formatDateTime } from "@/lib/format/dates";
import styles from "./status-timeline.module.css";

/** A step of any timeline (prescription requests, orders, bookings). */
export type TimelineStepView = Omit<TimelineStep, "key"> & { key: string };

const STATE_TEXT: Record<TimelineStep["state"], string> = { done: "Completed: ", current: "Current step: ", upcoming: "Not yet: " };

/**
 * A request's progress as an ordered list. The current step carries aria-current="step"
 * and a visible "Now" label, done steps a tick and upcoming ones a hollow dot, so the
 * state never rests on colour alone. `compact` shows the detail of the current step only.
 */
export function StatusTimeline({ steps, label, compact = false }: { steps: TimelineStepView[]; label: string; compact?: boolean }) {
  return (
    <ol className={`${styles.timeline} ${compact ? styles.compact : ""}`} aria-label={label}>
      {steps.map((step) => (
        <li key={step.key} className={`${styles.step} ${styles[step.state]}`} aria-current={step.state === "current" ? "step" : undefined}>
          <span className={styles.marker} aria-hidden="true">
            {step.state === "done" ? <CheckIcon size={16} /> : null}
          </span>
          <span className={styles.body}>
            <span className={styles.label}>
              <span className="visually-hidden">{STATE_TEXT[step.state]}</span>
              {step.label}
              {step.state === "current" ? (
                <span className={styles.now} aria-hidden="true">
                  Now
                </span>
              ) : null}
            </span>
            {!compact || step.state === "current" ? <span className={styles.detail}>{step.detail}</span> : null}
            {step.at && !compact ? (
              <time className={styles.time} dateTime={step.at}>
                {formatDateTime(step.at)}
              </time>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
