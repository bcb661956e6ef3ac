// Shapes the rest of the app (and client code) may see. Never a hash or an internal flag.
export type PublicUser = { id: string; name: string; email: string };

export type SessionUser = PublicUser & { role: "CUSTOMER" | "PHARMACIST" | "PRESCRIBER" | "ADMIN" };

/** Who is calling, and how they proved it. */
export type Caller = { user: SessionUser; sessionId: string; via: "cookie" | "bearer" };
