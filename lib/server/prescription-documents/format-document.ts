import "server-only";

// How dates and codes read on an issued prescription (page, PDF, /rx and the API's messages).

const ukDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
const calendarDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "15 January 2026": the UK calendar date of an instant. */
export function formatDocumentDate(instant: Date | string): string {
  return ukDate.format(typeof instant === "string" ? new Date(instant) : instant);
}

/** A date of birth as stored (yyyy-MM-dd) → "17 May 1990"; anything else is shown as given. */
export function formatDateOfBirth(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : calendarDate.format(date);
}

/** "12345678" → "1234 5678": read aloud and typed in two halves. */
export function formatDispenseCode(code: string): string {
  return /^\d{8}$/.test(code) ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}
