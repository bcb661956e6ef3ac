import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { logger } from "@/lib/server/core/log/logger";
import { refundInFull } from "./apply-checkout-session";
import { lockPayment } from "./payment-records";
import { describeError } from "./stripe-client";

/**
 * Refunds a settled payment in full inside the caller's transaction, before a decision that
 * withdraws what it paid for (a declined order or prescription request). The caller has
 * locked its record; this locks the payment, then asks the provider with the payment's
 * idempotency key, so a retry after a rollback cannot refund twice, and the charge.refunded
 * webhook the refund triggers waits for this commit and then finds nothing to do. A payment
 * already refunded (by staff in the provider's dashboard) is left as it is. An unsettled
 * payment is a 409 and a provider failure a 502, each naming what was not declined.
 */
export async function refundForDecline(tx: Tx, paymentId: string | null, subject: "order" | "request"): Promise<void> {
  const payment = paymentId ? await lockPayment(tx, paymentId) : null;
  if (!payment || (payment.status !== "PAID" && payment.status !== "REFUNDED")) {
    throw new AppError("conflict", `This ${subject}'s payment is not settled, so it cannot be refunded. Try again later.`);
  }
  if (payment.status === "REFUNDED") return;
  try {
    await refundInFull(tx, payment.id, payment.paymentIntentId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error(`Refund for payment ${payment.id} failed: ${describeError(error)}`);
    throw new AppError("bad_gateway", `The refund could not be made just now, so the ${subject} was not declined. Please try again.`);
  }
}
