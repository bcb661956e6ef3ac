import "server-only";
import { hashGuestId } from "@/lib/server/guest/guest-id";
import type { Actor } from "./types";

/**
 * The one owner filter for every record a patient owns (carts, bookings, questionnaires,
 * prescriptions, and later orders and subscriptions): an account's rows by user id, a
 * guest's by the SHA-256 of the guest id (the database never holds the id itself). Use it
 * in `where` to scope a query and in `data` to stamp a new row.
 */
export type OwnerFilter = { userId: string } | { guestKeyHash: string };

export function ownedBy(actor: Actor): OwnerFilter {
  return actor.kind === "guest" ? { guestKeyHash: hashGuestId(actor.guestId) } : { userId: actor.user.id };
}

/** Both columns, for raw inserts and for `data` on tables that hold either. */
export function ownerColumns(actor: Actor): { userId: string | null; guestKeyHash: string | null } {
  const filter = ownedBy(actor);
  return "userId" in filter ? { userId: filter.userId, guestKeyHash: null } : { userId: null, guestKeyHash: filter.guestKeyHash };
}
