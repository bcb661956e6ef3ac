import { describeTimeLeft } from "@/lib/server/prescription-review/time-left";
import styles from "./time-left-badge.module.css";

/**
 * The time left of the 24-hour promise. Overdue cases stand out by words ("Overdue by…"),
 * a warning sign, weight and a border as well as colour.
 */
export function TimeLeftBadge({ dueAt, now }: { dueAt: string | null; now: Date }) {
  if (!dueAt) return <span>No due time</span>;
  const { isOverdue, text } = describeTimeLeft(new Date(dueAt), now);
  if (!isOverdue) return <span className={styles.left}>{text}</span>;
  return (
    <strong className={styles.overdue}>
      <span aria-hidden="true">⚠ </span>
      {text}
    </strong>
  );
}
