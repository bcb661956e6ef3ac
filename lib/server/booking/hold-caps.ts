import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { Tx } from "@/lib/server/core/db/client";
import { ownerKey, type OwnerFilter } from "@/lib/server/core/actor/owned-by";

/**
 * How many unpaid holds one client may keep at once (issue 13). A hold lasts about 36
 * minutes, so a per-window throttle alone lets a few addresses hold the whole 30-day diary;
 * these cap the places held at any moment instead. A patient changing their mind mid-payment
 * (a second tab, another time) stays well within them; cancelling a checkout gives its place
 * back, and paying turns it into a booking, so neither counts.
 *   - per person: the email booked for, and the account or guest booking it;
 *   - per client address: whatever emails it uses (20 addresses can hold 60 places at most,
 *     about an eighth of the diary; `npm run bench` measures it).
 */
export const MAX_HOLDS_PER_PERSON = 2;
export const MAX_HOLDS_PER_ADDRESS = 3;

export const PERSON_HOLDS_MESSAGE =
  "You already have consultation times held for payments you have not finished. Please complete or cancel one of those payments first, or try again once it expires (about 35 minutes).";
export const ADDRESS_HOLDS_MESSAGE =
  "Too many consultation times are held from your connection for payments that are not finished. Please complete or cancel one of those payments first, or try again in about 35 minutes.";

/** The stored form of a client address: a hash, never the address. */
export function holderAddressHash(address: string): string {
  return createHash("sha256").update(`booking-holder:${address.toLowerCase()}`).digest("base64url");
}

/**
 * Refuses a new hold when the person or the address already holds the maximum. Run inside
 * the hold's transaction: it first takes transaction-scoped advisory locks on the address,
 * the email and the owner (always in that order, so two requests cannot deadlock), so
 * concurrent requests from one client are counted one after another and cannot exceed a cap.
 */
export async function assertHoldAllowed(tx: Tx, { addressHash, email, owner }: { addressHash: string; email: string; owner: OwnerFilter }) {
  for (const key of [`address:${addressHash}`, `email:${email.trim().toLowerCase()}`, ownerKey(owner)]) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`booking-holder:${key}`}, 0))`;
  }
  const active = { status: "PENDING_PAYMENT" as const, holdExpiresAt: { gt: new Date() } };
  const byPerson = await tx.consultationBooking.findMany({
    where: { ...active, OR: [{ clientEmail: { equals: email.trim(), mode: "insensitive" } }, owner] },
    select: { holdExpiresAt: true },
  });
  if (byPerson.length >= MAX_HOLDS_PER_PERSON) throw tooManyHolds(PERSON_HOLDS_MESSAGE, byPerson);
  const byAddress = await tx.consultationBooking.findMany({ where: { ...active, holderAddressHash: addressHash }, select: { holdExpiresAt: true } });
  if (byAddress.length >= MAX_HOLDS_PER_ADDRESS) throw tooManyHolds(ADDRESS_HOLDS_MESSAGE, byAddress);
}

function tooManyHolds(message: string, holds: { holdExpiresAt: Date | null }[]) {
  const firstFree = Math.min(...holds.map((hold) => hold.holdExpiresAt?.getTime() ?? Date.now()));
  return new AppError("rate_limited", message, undefined, { "Retry-After": String(Math.max(1, Math.ceil((firstFree - Date.now()) / 1000))) });
}
