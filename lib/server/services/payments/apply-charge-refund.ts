import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/server/core/db/client";
import { lockPaymentByIntent, recordEvent } from "./payment-records";
import { paymentPurposeHandler } from "./purpose-registry";
import type { ApplyResult } from "./apply-checkout-session";
import { logger } from "@/lib/server/core/log/logger";

/**
 * `charge.refunded`: money went back to the card. Our own refunds (a cancellation, a late
 * payment for a lost slot) have already marked the payment refunded, so their event changes
 * nothing. A refund made elsewhere — staff in the Stripe Dashboard — is brought into our
 * records: a fully refunded payment becomes REFUNDED and the record it paid for is withdrawn
 * (a future appointment is cancelled, its place freed, the patient told). A partial refund
 * leaves what was bought in place; it is only logged, by id, for staff to reconcile.
 * One transaction with the event id, as for checkout events.
 */
export async function applyChargeRefund(charge: Stripe.Charge, event: { id: string; type: string }): Promise<ApplyResult> {
  const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntentId) return { kind: "not-ours" };
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
