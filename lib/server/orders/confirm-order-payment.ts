import "server-only";
import { ownedBy } from "@/lib/server/actor/owned-by";
import type { Actor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { applyCheckoutSession, transitionOfSession } from "@/lib/server/payments/apply-checkout-session";
import { describeError, isStripeError, stripe } from "@/lib/server/payments/stripe-client";
// This domain applies checkouts for its own orders: its payment handler must be registered.
import "./order-payment-handler";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import { logger } from "@/lib/server/log/logger";

/** unconfirmed: the checkout is still open in our records and the provider was not asked
 * (the caller's look-up budget is spent, or it did not answer): the webhook will say. */
export type OrderReturnState = "paid" | "processing" | "not-paid" | "not-found" | "unconfirmed";

export type OrderReturn = {
  state: OrderReturnState;
  /** Only for the order's owner: anyone else holding the link learns nothing about it. */
  order: { reference: string; status: OrderStatus; totalPence: number; email: string; needsReview: boolean } | null;
};

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Coming back from checkout (/checkout/success): asks the payment provider about the
 * session and runs the same idempotent fulfilment as the webhook, so whichever arrives first
 * creates the paid order and the other finds it done.
 */
export async function confirmOrderPayment(sessionId: string, actor: Actor | null, options: { askProvider?: () => Promise<boolean> } = {}): Promise<OrderReturn> {
  if (!SESSION_ID.test(sessionId)) return { state: "not-found", order: null };
  const known = await db.payment.findUnique({ where: { checkoutSessionId: sessionId }, select: { purpose: true, status: true } });
  if (!known || known.purpose !== "ORDER") return { state: "not-found", order: null };
  // askProvider: a per-address budget of provider look-ups (past it, the webhook records the payment).
  let answered = false;
  if ((known.status === "OPEN" || known.status === "PROCESSING") && (await (options.askProvider?.() ?? true))) {
    try {
      const session = await stripe().checkout.sessions.retrieve(sessionId);
      const transition = transitionOfSession(session);
      if (transition) await applyCheckoutSession(session, transition);
      answered = true;
    } catch (error) {
      if (isStripeError(error, "resource_missing")) answered = true;
      else logger.error(`Order checkout return could not be confirmed: ${describeError(error)}`);
    }
  }
  const payment = await db.payment.findUniqueOrThrow({
    where: { checkoutSessionId: sessionId },
    select: { status: true, order: { select: { reference: true, status: true, totalPence: true, email: true, needsReview: true, userId: true, guestKeyHash: true } } },
  });
  const row = payment.order;
  if (!row) return { state: "not-found", order: null };
  const state: OrderReturnState =
    payment.status === "PAID" || payment.status === "REFUNDED" ? "paid"
    : payment.status === "PROCESSING" ? "processing"
    : payment.status === "OPEN" && !answered ? "unconfirmed"
    : "not-paid";
  const owner = actor ? ownedBy(actor) : null;
  const isOwner = owner !== null && (("userId" in owner && owner.userId === row.userId) || ("guestKeyHash" in owner && owner.guestKeyHash === row.guestKeyHash));
  return {
    state,
    order: isOwner ? { reference: row.reference, status: row.status, totalPence: row.totalPence, email: row.email, needsReview: row.needsReview } : null,
  };
}
