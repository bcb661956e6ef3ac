import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/server/core/db/client";
import { lockPaymentByIntent, recordEvent } from "./payment-records";
import { paymentPurposeHandler } from "./purpose-registry";
import { applyCheckoutSession, isPaymentId, transitionOfSession, type ApplyResult } from "./apply-checkout-session";
import { isStripeError, stripe } from "./stripe-client";
import { logger } from "@/lib/server/core/log/logger";

/**
 * `charge.refunded`: money went back to the card. Our own refunds (a cancellation, a late
 * payment for a lost slot) have already marked the payment refunded, so their event changes
 * nothing. A refund made elsewhere — staff in the Stripe Dashboard — is brought into our
 * records: a fully refunded payment becomes REFUNDED and the record it paid for is withdrawn
 * (a future appointment is cancelled, its place freed, the patient told). A partial refund
 * leaves what was bought in place; it is only logged, by id, for staff to reconcile.
 * One transaction with the event id, as for checkout events. A refund may arrive before the
 * checkout's own event (Stripe does not keep order): the payment is first brought up to date
 * from the provider, so the refund is never dropped and a late `completed` finds it refunded.
 */
export async function applyChargeRefund(charge: Stripe.Charge, event: { id: string; type: string }): Promise<ApplyResult> {
  const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntentId) return { kind: "not-ours" };
  if (charge.refunded) await catchUpCheckout(paymentIntentId);
  return db.$transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return { kind: "duplicate-event" } as const;
    const payment = await lockPaymentByIntent(tx, paymentIntentId);
    if (!payment) return { kind: "not-ours" } as const;
    if (payment.status !== "PAID") return { kind: "unchanged", paymentId: payment.id, status: payment.status } as const;
    if (!charge.refunded) {
      logger.warn(`Partial refund on payment ${payment.id} (${charge.amount_refunded} of ${charge.amount} ${charge.currency}); records unchanged.`);
      return { kind: "unchanged", paymentId: payment.id, status: payment.status } as const;
    }
    await tx.payment.update({ where: { id: payment.id }, data: { status: "REFUNDED", refundedAt: new Date() } });
    await paymentPurposeHandler(payment.purpose).onRefunded(tx, payment);
    return { kind: "applied", paymentId: payment.id, status: "REFUNDED" } as const;
  });
}

/**
 * A full refund for a payment our records do not yet show as paid: the checkout's events are
 * still on their way. Its session is re-read from the provider (our payment id is in the
 * payment intent's metadata) and applied as the success-page return applies it. A payment
 * intent that is not ours changes nothing; a provider error fails the delivery (it is retried).
 */
async function catchUpCheckout(paymentIntentId: string): Promise<void> {
  const known = await db.payment.findUnique({ where: { paymentIntentId }, select: { status: true } });
  if (known?.status === "PAID" || known?.status === "REFUNDED") return;
  let paymentId: string | undefined;
  try {
    paymentId = (await stripe().paymentIntents.retrieve(paymentIntentId)).metadata?.payment_id;
  } catch (error) {
    if (isStripeError(error, "resource_missing")) return;
    throw error;
  }
  if (!isPaymentId(paymentId)) return;
  const payment = await db.payment.findFirst({ where: { id: paymentId, status: { notIn: ["PAID", "REFUNDED"] }, checkoutSessionId: { not: null } }, select: { checkoutSessionId: true } });
  if (!payment?.checkoutSessionId) return;
  const session = await stripe().checkout.sessions.retrieve(payment.checkoutSessionId);
  const sessionIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  const transition = transitionOfSession(session);
  if (sessionIntent === paymentIntentId && transition) await applyCheckoutSession(session, transition);
}
