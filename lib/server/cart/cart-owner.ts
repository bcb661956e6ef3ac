import "server-only";
import { hashGuestId } from "@/lib/server/guest/guest-id";

/** Whose cart: a signed-in user's, or a guest's (by the SHA-256 of the guest id). */
export type CartOwner = { userId: string } | { guestKeyHash: string };

/** The signed-in user wins; a guest id counts only for visitors who are not signed in. */
export function cartOwnerOf(userId: string | null | undefined, guestId: string | null): CartOwner | null {
  if (userId) return { userId };
  return guestId ? { guestKeyHash: hashGuestId(guestId) } : null;
}

export function cartWhere(owner: CartOwner) {
  return "userId" in owner ? { userId: owner.userId } : { guestKeyHash: owner.guestKeyHash };
}
