// Part of the date module (./dates.ts, which re-exports it): London's calendar day from the
// platform's own time-zone data. The questionnaire and the booking form need today in the browser
// and nothing else of the module; importing this file alone keeps TZDate (about 6.6 kB) out of
// their pages, which the bench counts (issue 36). dates.test.ts holds it to TZDate's answer.
let londonDay: Intl.DateTimeFormat | null = null; // made on first use: a formatter costs the page's first script run

/** Today's calendar date in London, "2026-03-05" (at 23:30 UTC in summer it is already tomorrow). */
export function londonToday(now: Date = new Date()): string {
  londonDay ??= new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
  const parts = londonDay.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

