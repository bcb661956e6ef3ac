import "server-only";

// How codes read on an issued prescription (page, PDF, /rx); its dates are lib/format/dates's
// formatLongDate and formatCalendarDate.

/** "12345678" → "1234 5678": read aloud and typed in two halves. */
export function formatDispenseCode(code: string): string {
  return /^\d{8}$/.test(code) ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}
