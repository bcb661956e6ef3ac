import "server-only";
import type { BookingView } from "@/lib/booking/types";
import { db } from "@/lib/server/core/db/client";
import { confirmCheckoutReturn, type CheckoutReturn, type CheckoutReturnInput } from "@/lib/server/services/payments/confirm-checkout-return";
import { registerCheckoutReturnReader } from "@/lib/server/services/payments/purpose-registry";
import { bookingViewSelect, toBookingView } from "./booking-view";
// This domain applies checkouts for its own bookings: its payment handler must be registered.
import "./booking-payment-handler";

registerCheckoutReturnReader<BookingView>("CONSULTATION_BOOKING", async (paymentId) => {
  const row = await db.consultationBooking.findUnique({ where: { paymentId }, select: { ...bookingViewSelect, userId: true, guestKeyHash: true } });
  if (!row) return null;
  const { userId, guestKeyHash, ...booking } = row;
  return { owner: { userId, guestKeyHash }, view: toBookingView(booking) };
});

/** The consultation confirmation page: the one checkout return (payments), for a booking. */
export function confirmBookingReturn(input: CheckoutReturnInput): Promise<CheckoutReturn<BookingView>> {
  return confirmCheckoutReturn<BookingView>({ ...input, purpose: "CONSULTATION_BOOKING" });
}
