import "server-only";
import { cartWhere, type CartOwner } from "@/lib/server/cart/cart-owner";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";

/** Who owns a booking: the same rule as the cart (a signed-in user, else the guest id). */
export type BookingOwner = CartOwner;

/** The same owner filter as the cart's: bookings and carts are owned alike. */
export const bookingOwnerWhere: (owner: BookingOwner) => ReturnType<typeof cartWhere> = cartWhere;

/**
 * The booking with its payment, if it belongs to `owner`. Someone else's booking and a
 * booking that does not exist get the same 404, so ids cannot be probed.
 */
export async function findOwnedBooking(bookingId: string, owner: BookingOwner | null) {
  const booking = owner
    ? await db.consultationBooking.findFirst({ where: { id: bookingId, ...bookingOwnerWhere(owner) }, include: { payment: true } })
    : null;
  if (!booking) throw new AppError("not_found", "We could not find that booking.");
  return booking;
}
