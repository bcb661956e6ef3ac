import "server-only";
import type Stripe from "stripe";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { lockPayment, recordEvent } from "./payment-records";
import { paymentPurposeHandler } from "./purpose-registry";
import { nextPaymentStatus } from "./next-payment-status";
import { isStripeError, stripe } from "./stripe-client";
import type { CheckoutTransition, PaymentStatus } from "./types";
import { logger } from "@/lib/server/core/log/logger";
import { isUuid } from "@/lib/validation/uuid";

export type ApplyResult =
  | { kind: "applied"; paymentId: string; status: PaymentStatus }
  | { kind: "unchanged"; paymentId: string; status: PaymentStatus }
  | { kind: "duplicate-event" }
  | { kind: "not-ours" };

/** Whether a reference the provider hands back (client_reference_id, metadata) can name one of our payments. */
export function isPaymentId(value: string | null | undefined): value is string {
  return isUuid(value);
}

/** What a checkout session says happened, read from the session alone (the success-page return). */
export function transitionOfSession(session: Stripe.Checkout.Session): CheckoutTransition | null {
  if (session.status === "expired") return "expired";
  if (session.status !== "complete") return null;
  return session.payment_status === "unpaid" ? "processing" : "paid";
}

/**
 * The one fulfilment function: the webhook and the success-page return both call it, so
 * whichever arrives first does the work and the other finds nothing to do. In one
 * transaction: records the event id (a redelivery stops here), locks our payment row,
 * moves it forward (never back), and lets the record it pays for react — confirm, release,
 * or refund a payment that can no longer be honoured. A refund is requested inside the
 * transaction with an idempotency key, so a rollback and retry cannot refund twice.
 */
export async function applyCheckoutSession(
  session: Stripe.Checkout.Session,
  transition: CheckoutTransition,
  event?: { id: string; type: string },
): Promise<ApplyResult> {
  const paymentId = session.client_reference_id;
  if (!isPaymentId(paymentId)) return { kind: "not-ours" };
  return db.$transaction(
    async (tx) => {
      if (event && !(await recordEvent(tx, event))) return { kind: "duplicate-event" } as const;
      const payment = await lockPayment(tx, paymentId);
      if (!payment || (payment.checkoutSessionId && payment.checkoutSessionId !== session.id)) return { kind: "not-ours" } as const;
      if (session.currency !== payment.currency || (session.amount_total !== null && session.amount_total !== payment.amountPence)) {
        // Prices are set by us; a session that disagrees is not one we opened for this row.
        logger.error(`Checkout session ${session.id} does not match payment ${payment.id} (amount or currency); ignored.`);
        return { kind: "not-ours" } as const;
      }
      const next = nextPaymentStatus(payment.status, transition);
      if (!next) return { kind: "unchanged", paymentId, status: payment.status } as const;
      const paymentIntentId = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      await tx.payment.update({
        where: { id: payment.id },
        data: {
          status: next,
          checkoutSessionId: session.id,
          paymentIntentId: paymentIntentId ?? payment.paymentIntentId,
          ...(next === "PAID" ? { paidAt: new Date() } : {}),
        },
      });
      const handler = paymentPurposeHandler(payment.purpose);
      if (next === "FAILED" || next === "EXPIRED") await handler.onLapsed(tx, payment);
      if (next !== "PAID") return { kind: "applied", paymentId, status: next } as const;
      if (!isUnopenedStart(payment) && (await handler.onPaid(tx, payment)) === "fulfilled") return { kind: "applied", paymentId, status: next } as const;
      await refundInFull(tx, payment.id, paymentIntentId ?? payment.paymentIntentId);
      return { kind: "applied", paymentId, status: "REFUNDED" } as const;
    },
    // Long enough for a refund request to the provider on the rare late-payment path.
    { timeout: 30_000, maxWait: 10_000 },
  );
}

/**
 * A payment whose checkout never opened for the patient: the start failed (the provider erred or
 * its answer was lost), the patient was told so and what it held was given back; the only mark is
 * FAILED with no session recorded (a declined payment records its session). The provider may
 * still have made the session, but nobody was sent to it; if it is paid all the same, the money
 * goes back rather than fulfilling a record the patient has since started again.
 */
function isUnopenedStart(payment: { status: PaymentStatus; checkoutSessionId: string | null }): boolean {
  return payment.status === "FAILED" && payment.checkoutSessionId === null;
}

/** Refunds a whole payment (idempotent per payment) and records it. */
export async function refundInFull(tx: Tx, paymentId: string, paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId) throw new AppError("internal", `Payment ${paymentId} has no payment intent to refund.`);
  let refundId: string | null = null;
  try {
    const refund = await stripe().refunds.create(
      { payment_intent: paymentIntentId, reason: "requested_by_customer", metadata: { payment_id: paymentId } },
      { idempotencyKey: `refund-${paymentId}` },
    );
    refundId = refund.id;
  } catch (error) {
    // Already refunded (by us before a rollback, or by staff in the dashboard): the money is back.
    if (!isStripeError(error, "charge_already_refunded")) throw error;
  }
  await tx.payment.update({ where: { id: paymentId }, data: { status: "REFUNDED", refundId, refundedAt: new Date() } });
}
