// The consultation calendar's rules that need no date library. The booking form loads them
// with the page; everything that parses or formats dates (lib/booking/schedule.ts, with
// date-fns) is loaded by the calendar and the check before paying, which come later.

export const SLOT_LABELS = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"] as const;
export type SlotLabel = (typeof SLOT_LABELS)[number];
export const WEEKEND_WARNING_MS = 2500;
export const WEEKEND_MESSAGE = "Weekends are not available. Please select a weekday.";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isSlotLabel(value: unknown): value is SlotLabel {
  return typeof value === "string" && (SLOT_LABELS as readonly string[]).includes(value);
}

/** True for a real yyyy-MM-dd calendar date that falls on a Saturday or a Sunday. */
export function isWeekendDate(date: string): boolean {
  const match = ISO_DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 would roll over into March: not a calendar date, so not a weekend date.
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return false;
  const weekday = utc.getUTCDay();
  return weekday === 0 || weekday === 6;
}
