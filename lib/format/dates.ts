import { TZDate } from "@date-fns/tz";
import { lightFormat } from "date-fns";

// The only place a date becomes text, and the only place "today" is decided: the clinic is in
// the UK, so instants are shown in Europe/London (GMT or BST), whatever the server's or the
// browser's own zone. No server-only here: client components format dates too.
//
// Names of months and days come from the tables below and numbers from lightFormat, not from
// date-fns' format: format brings its locale and every token (about 24 kB minified) into the
// browser bundles of the questionnaire and the booking form, which only need today's date.

const LONDON = "Europe/London";
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
// en-GB's short months, as the pages printed them before (Intl's en-GB writes "Sept").
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Instant = Date | string;
type CalendarDay = { year: number; month: number; day: number; weekday: number };

function inLondon(instant: Instant): TZDate {
  return new TZDate(new Date(instant).getTime(), LONDON);
}

/** "5 Sept 2026": the day, the short month and the year of a London date. */
function shortDate(local: Date): string {
  return `${local.getDate()} ${SHORT_MONTHS[local.getMonth()]} ${local.getFullYear()}`;
}

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one), or null. Month is 0–11. */
function calendarDayOf(value: string): CalendarDay | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return null;
  return { year, month, day, weekday: date.getUTCDay() };
}

/** Today's calendar date in London, "2026-03-05": in its own module, so a page that needs only today loads nothing else of this one. */
export { londonToday } from "./london-today";

/** The hour of the day in London, 0–23. */
export function londonHour(instant: Instant): number {
  return inLondon(instant).getHours();
}

/** "5 March 2026": the London calendar date of an instant. */
export function formatLongDate(instant: Instant): string {
  const local = inLondon(instant);
  return `${local.getDate()} ${MONTHS[local.getMonth()]} ${local.getFullYear()}`;
}

/** "5 Sept 2026, 14:05" in London time. */
export function formatDateTime(instant: Instant): string {
  const local = inLondon(instant);
  return `${shortDate(local)}, ${lightFormat(local, "HH:mm")}`;
}

/** "5 Sept 2026, 14:05:07" in London time (the outbox, where seconds tell mails apart). */
export function formatDateTimeSeconds(instant: Instant): string {
  const local = inLondon(instant);
  return `${shortDate(local)}, ${lightFormat(local, "HH:mm:ss")}`;
}

/** "09:00 AM" in London time: how consultation slots are named. */
export function formatTime(instant: Instant): string {
  return lightFormat(inLondon(instant), "hh:mm a");
}

/** A calendar date as stored (yyyy-MM-dd, e.g. a date of birth; spaces around it allowed) → "17 May 1990"; anything else is shown as given. */
export function formatCalendarDate(value: string): string {
  const date = calendarDayOf(value.trim());
  return date ? `${date.day} ${MONTHS[date.month]} ${date.year}` : value;
}

/** A calendar date (yyyy-MM-dd) → "Tuesday 1 December 2026"; anything else is shown as given. */
export function formatWeekdayDate(value: string): string {
  const date = calendarDayOf(value);
  return date ? `${WEEKDAYS[date.weekday]} ${date.day} ${MONTHS[date.month]} ${date.year}` : value;
}
