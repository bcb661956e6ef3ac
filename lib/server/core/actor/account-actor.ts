import "server-only";
import type { SessionUser, AccountActor, PharmacyActor, StaffActor, StaffRole, Actor } from "./types";

const STAFF_ROLES: readonly StaffRole[] = ["PHARMACIST", "PRESCRIBER", "ADMIN"];

/** The actor for a live session: staff when the account holds a staff role, a pharmacy for PHARMACY. */
export function accountActor(found: { user: SessionUser; sessionId: string }, via: AccountActor["via"]): AccountActor {
  const kind = STAFF_ROLES.includes(found.user.role as StaffRole) ? "staff" : found.user.role === "PHARMACY" ? "pharmacy" : "patient";
  return { kind, user: found.user, sessionId: found.sessionId, via };
}

export function isStaff(actor: Actor | null, roles: readonly StaffRole[] = STAFF_ROLES): actor is StaffActor {
  return actor?.kind === "staff" && roles.includes(actor.user.role as StaffRole);
}

export function isAccount(actor: Actor | null): actor is AccountActor {
  return actor?.kind === "patient" || actor?.kind === "staff" || actor?.kind === "pharmacy";
}

export function isPharmacy(actor: Actor | null): actor is PharmacyActor {
  return actor?.kind === "pharmacy" && actor.user.role === "PHARMACY";
}
