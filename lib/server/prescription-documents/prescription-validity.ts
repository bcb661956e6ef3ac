import "server-only";

/** A private prescription for most prescription-only medicines is valid for 6 months from its date (UK). */
export const PRESCRIPTION_VALIDITY_MONTHS = 6;

/**
 * The instant a prescription issued at `issuedAt` stops being valid: six calendar months
 * later, a day past the target month's end falling back to its last day (31 August → 28/29
 * February). This is PostgreSQL's `issued_at + interval '6 months'` on our UTC timestamps,
 * which lib/server/rx/dispense-prescription.ts enforces: the date shown and the rule agree.
 */
export function prescriptionExpiresAt(issuedAt: Date): Date {
  const year = issuedAt.getUTCFullYear();
  const month = issuedAt.getUTCMonth() + PRESCRIPTION_VALIDITY_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const expires = new Date(issuedAt.getTime());
  expires.setUTCDate(1);
  expires.setUTCFullYear(year, month, Math.min(issuedAt.getUTCDate(), lastDay));
  return expires;
}

export function isPrescriptionExpired(issuedAt: Date, now: Date = new Date()): boolean {
  return prescriptionExpiresAt(issuedAt).getTime() <= now.getTime();
}
