import { TZDate } from "@date-fns/tz";
import { addDays, format, isValid, parse } from "date-fns";
import { formatTime, londonToday } from "@/lib/format/dates";
import { isWeekendDate, WEEKEND_MESSAGE, type SlotLabel } from "./calendar-rules";

// The consultation calendar's rules, shared by the booking form and the server. Dates are
// calendar dates in the UK ("yyyy-MM-dd"); a slot is a time of day in Europe/London, so
// 09:00 AM is 09:00 GMT in winter and 09:00 BST in summer.

export { isSlotLabel, isWeekendDate, SLOT_LABELS, WEEKEND_MESSAGE,  type SlotLabel } from "./calendar-rules";

const LONDON = "Europe/London";
/** Bookable dates run from today to today + 30 days. */
const BOOKING_WINDOW_DAYS = 30;
/** A slot can be booked until this long before it starts. */
const MIN_NOTICE_MINUTES = 60;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(parsed) && format(parsed, "yyyy-MM-dd") === value;
}

/** A yyyy-MM-dd date as a local calendar day (for date pickers and weekday checks). */
export function calendarDay(date: string): Date {
  return parse(date, "yyyy-MM-dd", new Date(2000, 0, 1));
}

export function toIsoDate(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/** First and last bookable dates for a given London today. */
export function bookingWindow(today: string): { first: string; last: string } {
  return { first: today, last: toIsoDate(addDays(calendarDay(today), BOOKING_WINDOW_DAYS)) };
}

/** The instant a slot starts: its label read as London wall-clock time on that date. */
export function slotStart(date: string, label: SlotLabel): Date {
  const hours12 = Number(label.slice(0, 2));
  const minutes = Number(label.slice(3, 5));
  const hours = (hours12 % 12) + (label.endsWith("PM") ? 12 : 0);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, LONDON).getTime());
}

/** Why a date cannot be booked, or null when it can (the form and the API say the same). */
export function dateProblem(date: string, today: string): string | null {
  if (!isIsoDate(date)) return "Please choose a date from the calendar.";
  const { first, last } = bookingWindow(today);
  if (date < first) return "That date has passed. Please choose a date from today onwards.";
  if (date > last) return `Appointments can be booked up to ${BOOKING_WINDOW_DAYS} days ahead. Please choose an earlier date.`;
  if (isWeekendDate(date)) return WEEKEND_MESSAGE;
  return null;
}

/** True when the slot starts at least MIN_NOTICE_MINUTES after `now`. */
export function isSlotBookable(date: string, label: SlotLabel, now: Date = new Date()): boolean {
  return slotStart(date, label).getTime() - now.getTime() >= MIN_NOTICE_MINUTES * 60_000;
}

/** The London date and slot label of an instant (inverse of slotStart for slot times). */
export function londonDateAndTime(instant: Date): { date: string; time: string } {
  return { date: londonToday(instant), time: formatTime(instant) };
}
