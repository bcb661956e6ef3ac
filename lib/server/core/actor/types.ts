// Shapes the rest of the app (and client code) may see. Never a hash or an internal flag.
export type PublicUser = { id: string; name: string; email: string };

export type UserRole = "CUSTOMER" | "PHARMACIST" | "PRESCRIBER" | "ADMIN" | "PHARMACY";
/** The clinic's own staff (the staff area). A pharmacy account is not staff: it only dispenses at /rx. */
export type StaffRole = "PHARMACIST" | "PRESCRIBER" | "ADMIN";

export type SessionUser = PublicUser & { role: UserRole };

/** A signed-in account: a patient, a member of staff with a role, or a community pharmacy. */
export type AccountActor = {
  kind: "patient" | "staff" | "pharmacy";
  user: SessionUser;
  sessionId: string;
  /** How the token arrived: the website's session cookie, or an API client's bearer header. */
  via: "cookie" | "bearer";
};

export type StaffActor = AccountActor & { kind: "staff"; user: SessionUser & { role: StaffRole } };

/** A community pharmacy's account (role PHARMACY): it may mark our prescriptions dispensed at /rx. */
export type PharmacyActor = AccountActor & { kind: "pharmacy"; user: SessionUser & { role: "PHARMACY" } };

/** A visitor known only by the random guest id in their HttpOnly cookie. */
export type GuestActor = {
  kind: "guest";
  guestId: string;
  /** Minted for this request: apiRoute sets the cookie when the response succeeds. */
  isNew: boolean;
};

/** Who is acting on a request: resolved once, at the boundary (apiRoute or a page guard). */
export type Actor = AccountActor | GuestActor;
