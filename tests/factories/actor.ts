import { randomUUID } from "node:crypto";
import type { AccountActor, GuestActor, StaffActor, StaffRole } from "@/lib/server/core/actor/types";

// Actors for calling services directly (route tests resolve them from real tokens instead).

export function patientActor(user: { id: string; name: string; email: string }): AccountActor {
  return { kind: "patient", user: { ...user, role: "CUSTOMER" }, sessionId: randomUUID(), via: "cookie" };
}

export function staffActor(user: { id: string; name: string; email: string }, role: StaffRole): StaffActor {
  return { kind: "staff", user: { ...user, role }, sessionId: randomUUID(), via: "cookie" };
}

export function guestActor(guestId: string): GuestActor {
  return { kind: "guest", guestId, isNew: false };
}
