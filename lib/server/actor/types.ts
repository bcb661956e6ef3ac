// Shapes the rest of the app (and client code) may see. Never a hash or an internal flag.
export type PublicUser = { id: string; name: string; email: string };

export type UserRole = "CUSTOMER" | "PHARMACIST" | "PRESCRIBER" | "ADMIN";
export type StaffRole = Exclude<UserRole, "CUSTOMER">;

export type SessionUser = PublicUser & { role: UserRole };

/** A signed-in account: a patient, or a member of staff with a role. */
export type AccountActor = {
  kind: "patient" | "staff";
  user: SessionUser;
  sessionId: string;
  /** How the token arrived: the website's session cookie, or an API client's bearer header. */
  via: "cookie" | "bearer";
};

export type StaffActor = AccountActor & { kind: "staff"; user: SessionUser & { role: StaffRole } };

/** A visitor known only by the random guest id in their HttpOnly cookie. */
export type GuestActor = {
  kind: "guest";
  guestId: string;
  /** Minted for this request: apiRoute sets the cookie when the response succeeds. */
  isNew: boolean;
};

/** Who is acting on a request: resolved once, at the boundary (apiRoute or a page guard). */
export type Actor = AccountActor | GuestActor;
