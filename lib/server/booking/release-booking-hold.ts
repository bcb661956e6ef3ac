import "server-only";
import { db } from "@/lib/server/core/db/client";
import { applyCheckoutSession, transitionOfSession } from "@/lib/server/services/payments/apply-checkout-session";
import { isStripeError, stripe } from "@/lib/server/services/payments/stripe-client";
import type { Actor } from "@/lib/server/core/actor/types";
import { findOwnedBooking } from "./booking-owner";

/**
 * The patient came back from a cancelled checkout: expire the checkout session so nobody
 * can pay it any more, and give the place back at once rather than when the hold runs out.
 * If the session was in fact paid meanwhile (another tab), the payment is applied instead.
 */
export async function releaseBookingHold(bookingId: string, actor: Actor | null): Promise<void> {
  const booking = await findOwnedBooking(bookingId, actor);
  const payment = booking.payment;
  if (booking.status !== "PENDING_PAYMENT" || !payment || payment.status !== "OPEN") return;
  if (!payment.checkoutSessionId) {
    await db.$transaction([
      db.consultationBooking.updateMany({ where: { id: booking.id, status: "PENDING_PAYMENT" }, data: { status: "EXPIRED" } }),
      db.payment.updateMany({ where: { id: payment.id, status: "OPEN", checkoutSessionId: null }, data: { status: "EXPIRED" } }),
    ]);
    return;
  }
  let session;
  try {
    session = await stripe().checkout.sessions.expire(payment.checkoutSessionId);
  } catch (error) {
    // Only an open session can be expired: it completed or expired meanwhile, so apply what it says.
    if (!isStripeError(error)) throw error;
    session = await stripe().checkout.sessions.retrieve(payment.checkoutSessionId);
  }
  const transition = transitionOfSession(session);
  if (transition) await applyCheckoutSession(session, transition);
}
