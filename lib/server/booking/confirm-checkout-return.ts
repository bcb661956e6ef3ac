import "server-only";
import type { BookingView } from "@/lib/booking/types";
import { db } from "@/lib/server/db/client";
import { applyCheckoutSession, transitionOfSession } from "@/lib/server/payments/apply-checkout-session";
import { isStripeError, stripe } from "@/lib/server/payments/stripe-client";
import { ownedBy } from "@/lib/server/actor/owned-by";
import type { Actor } from "@/lib/server/actor/types";
import { bookingViewSelect, toBookingView } from "./booking-view";
// This domain applies checkouts for its own bookings: its payment handler must be registered.
import "./booking-payment-handler";

export type CheckoutReturn = {
  /** confirmed, processing (an asynchronous payment is settling), refunded, not-paid, not-found, or
   * unconfirmed (still open and this request may not ask the provider: the webhook will tell) */
  state: "confirmed" | "processing" | "refunded" | "not-paid" | "not-found" | "unconfirmed";
  /** Only for the booking's owner: anyone else holding the link learns nothing about it. */
  booking: BookingView | null;
};

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** askProvider: whether this request may ask the payment provider (a per-address budget); without, it may. */
export type ProviderLookup = { askProvider?: () => Promise<boolean> };

/**
 * The success page: asks the payment provider how the session ended and applies it with
 * the webhook's own function, so the patient sees their confirmation even if the webhook
 * has not arrived yet (whichever comes first does the work; the other is a no-op).
 */
export async function confirmCheckoutReturn(sessionId: string, actor: Actor | null, options: ProviderLookup = {}): Promise<CheckoutReturn> {
  if (!SESSION_ID.test(sessionId)) return { state: "not-found", booking: null };
  // Only a session we opened, still waiting for its outcome, is worth asking the provider about.
  const known = await db.payment.findUnique({ where: { checkoutSessionId: sessionId }, select: { purpose: true, status: true } });
  if (!known || known.purpose !== "CONSULTATION_BOOKING") return { state: "not-found", booking: null };
  const waiting = known.status === "OPEN" || known.status === "PROCESSING";
  const asked = waiting && (await (options.askProvider?.() ?? true));
  if (asked) {
    let session;
    try {
      session = await stripe().checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isStripeError(error, "resource_missing")) return { state: "not-found", booking: null };
      throw error;
    }
    const transition = transitionOfSession(session);
    if (transition) await applyCheckoutSession(session, transition);
  }
  const payment = await db.payment.findUnique({
    where: { checkoutSessionId: sessionId },
    select: { status: true, booking: { select: { ...bookingViewSelect, userId: true, guestKeyHash: true } } },
  });
  if (!payment?.booking) return { state: "not-found", booking: null };
  const { userId, guestKeyHash, ...row } = payment.booking;
  const where = actor ? ownedBy(actor) : null;
  const isOwner = where !== null && (("userId" in where && where.userId === userId) || ("guestKeyHash" in where && where.guestKeyHash === guestKeyHash));
  const state =
    row.status === "CONFIRMED" ? "confirmed"
    : row.status === "REFUNDED" ? "refunded"
    : payment.status === "PROCESSING" ? "processing"
    : waiting && !asked ? "unconfirmed"
    : "not-paid";
  return { state, booking: isOwner ? toBookingView(row) : null };
}
