import "server-only";
import type { UserRole } from "@/lib/server/core/actor/types";

// Who signs in with a second factor. "Staff" is every role but CUSTOMER, so a role added
// later (e.g. a pharmacy account) is covered without touching this file.

/** A staff role: its sessions must have passed a second factor. */
export function isStaffRole(role: UserRole | string): boolean {
  return role !== "CUSTOMER";
}

/** A right password alone never signs this account in: staff always, patients who turned TOTP on. */
export function needsSecondFactor(user: { role: UserRole | string; totpEnabledAt: Date | null }): boolean {
  return isStaffRole(user.role) || user.totpEnabledAt !== null;
}

// A code from the authenticator is accepted one period either side of now (clock drift).
export const TOTP_TOLERANCE_SECONDS = 30;
// The signed challenge between the password step and the code step.
export const CHALLENGE_SECONDS = 5 * 60;
