// Dates in the patient's account are shown in UK time, whatever the server's zone.

const dateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** "3 May 2026, 14:05" */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "3 May 2026" */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
