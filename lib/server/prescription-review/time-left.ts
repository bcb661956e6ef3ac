import "server-only";

export type TimeLeft = { isOverdue: boolean; text: string };

const MINUTE = 60_000;

/** "5 h 20 min", "5 h", "20 min": whole minutes, rounded down (never "0 min": "under 1 min"). */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE);
  if (minutes < 1) return "under 1 min";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * What is left of the 24-hour review promise at `now`: "5 h 20 min left", or
 * "Overdue by 2 h" once dueAt has passed (the due instant itself counts as overdue).
 */
export function describeTimeLeft(dueAt: Date, now: Date): TimeLeft {
  const ms = dueAt.getTime() - now.getTime();
  if (ms > 0) return { isOverdue: false, text: `${formatDuration(ms)} left` };
  return { isOverdue: true, text: `Overdue by ${formatDuration(ms)}` };
}
