import { TZDate } from "@date-fns/tz";
import { format, isValid, parse } from "date-fns";

// The only place a date becomes text, and the only place "today" is decided: the clinic is in
// the UK, so instants are shown in Europe/London (GMT or BST), whatever the server's or the
// browser's own zone. No server-only here: client components format dates too.

const LONDON = "Europe/London";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// en-GB's short months, as the pages printed them before (Intl's en-GB writes "Sept").
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

type Instant = Date | string;

function inLondon(instant: Instant): TZDate {
  return new TZDate(new Date(instant).getTime(), LONDON);
}

/** "5 Sept 2026": the day, the short month and the year of a London date. */
function shortDate(local: Date): string {
  return `${local.getDate()} ${SHORT_MONTHS[local.getMonth()]} ${local.getFullYear()}`;
}

/** A real calendar date written yyyy-MM-dd as a local day (2026-02-30 is not one), or null. */
function calendarDayOf(value: string): Date | null {
  if (!ISO_DATE.test(value)) return null;
  const day = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(day) && format(day, "yyyy-MM-dd") === value ? day : null;
}

/** Today's calendar date in London, "2026-03-05" (at 23:30 UTC in summer it is already tomorrow). */
export function londonToday(now: Date = new Date()): string {
  return format(inLondon(now), "yyyy-MM-dd");
}

/** The hour of the day in London, 0–23. */
export function londonHour(instant: Instant): number {
  return inLondon(instant).getHours();
}

/** "5 March 2026": the London calendar date of an instant. */
export function formatLongDate(instant: Instant): string {
  return format(inLondon(instant), "d MMMM yyyy");
}

/** "5 Sept 2026, 14:05" in London time. */
export function formatDateTime(instant: Instant): string {
  const local = inLondon(instant);
  return `${shortDate(local)}, ${format(local, "HH:mm")}`;
}

/** "5 Sept 2026, 14:05:07" in London time (the outbox, where seconds tell mails apart). */
export function formatDateTimeSeconds(instant: Instant): string {
  const local = inLondon(instant);
  return `${shortDate(local)}, ${format(local, "HH:mm:ss")}`;
}

/** "09:00 AM" in London time: how consultation slots are named. */
export function formatTime(instant: Instant): string {
  return format(inLondon(instant), "hh:mm a");
}

/** A calendar date as stored (yyyy-MM-dd, e.g. a date of birth) → "17 May 1990"; anything else is shown as given. */
export function formatCalendarDate(value: string): string {
  const day = calendarDayOf(value);
  return day ? format(day, "d MMMM yyyy") : value;
}

/** A calendar date (yyyy-MM-dd) → "Tuesday 1 December 2026"; anything else is shown as given. */
export function formatWeekdayDate(value: string): string {
  const day = calendarDayOf(value);
  return day ? format(day, "EEEE d MMMM yyyy") : value;
}
