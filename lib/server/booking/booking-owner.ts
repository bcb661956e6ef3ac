import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

/**
 * The booking with its payment, if it belongs to `actor`. Someone else's booking and a
 * booking that does not exist get the same 404, so ids cannot be probed.
 */
export async function findOwnedBooking(bookingId: string, actor: Actor | null) {
  const booking = actor
    ? await db.consultationBooking.findFirst({ where: { id: bookingId, ...ownedBy(actor) }, include: { payment: true } })
    : null;
  if (!booking) throw new AppError("not_found", "We could not find that booking.");
  return booking;
}
