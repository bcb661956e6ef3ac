import "server-only";

// The patient as the public check page may show them: initials and year of birth only.

/** "Alex Morgan" → "A. M."; "Mary-Jane O'Neil" → "M. J. O." */
export function patientInitials(name: string): string {
  return name
    .split(/[\s-]+/)
    .map((part) => part.replace(/^[^\p{L}]+/u, "").charAt(0).toLocaleUpperCase("en-GB"))
    .filter(Boolean)
    .map((letter) => `${letter}.`)
    .join(" ");
}

/** The year of a stored date of birth (yyyy-MM-dd, or dd/MM/yyyy as typed), else null. */
export function birthYear(dateOfBirth: string): string | null {
  return /\b(1[89]\d\d|2\d\d\d)\b/.exec(dateOfBirth)?.[1] ?? null;
}
