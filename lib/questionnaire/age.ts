// Calendar dates as the questionnaire needs them, without a date library (this runs in
// the questionnaire's browser bundle): strict yyyy-MM-dd dates and whole-year ages. Today's
// date in the UK is londonToday() in lib/format/dates.ts.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type CalendarDate = { year: number; month: number; day: number };

/** A real calendar date written yyyy-MM-dd (2026-02-30 and 2026-2-3 are not), or null. */
function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps the year as written.
  check.setUTCFullYear(year);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/**
 * Age in whole years on `today` for someone born on `dateOfBirth` (both yyyy-MM-dd), or
 * null when either is not a real date or the birth is after today. A 29 February birthday
 * falls on 1 March in other years, as in UK law.
 */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(today);
  if (!born || !now || dateOfBirth > today) return null;
  const beforeBirthday = now.month < born.month || (now.month === born.month && now.day < born.day);
  return now.year - born.year - (beforeBirthday ? 1 : 0);
}
