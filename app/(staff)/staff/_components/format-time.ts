const LONDON = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const LONDON_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** "24 Nov 2026, 14:05" in UK time. */
export function formatLondonTime(iso: string): string {
  return LONDON.format(new Date(iso));
}

/** A calendar date (yyyy-MM-dd) as "17 May 1990". */
export function formatCalendarDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : LONDON_DATE.format(date);
}
