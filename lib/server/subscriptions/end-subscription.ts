import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { describeError, isStripeError, stripe } from "@/lib/server/services/payments/stripe-client";
import { subscriptionEndedAfterDeclineMail } from "./subscription-mail";
import { logger } from "@/lib/server/core/log/logger";

/**
 * The pharmacist declined one period's order: the subscription is cancelled at Stripe at
 * once (no further charges) and mirrored, inside the decline's transaction, and the patient
 * is told. True when it was running; an already ended one is left as it is.
 */
export async function endSubscriptionAfterDecline(tx: Tx, subscriptionId: string): Promise<boolean> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM subscriptions WHERE id = ${subscriptionId}::uuid FOR UPDATE`;
  if (!locked) return false;
  const row = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: { plan: { select: { name: true } } } });
  if (row.status === "CANCELED" || row.status === "INCOMPLETE_EXPIRED") return false;
  try {
    await stripe().subscriptions.cancel(row.stripeSubscriptionId);
  } catch (error) {
    // Already cancelled at Stripe (the webhook will say so): nothing more to stop.
    if (!isStripeError(error, "resource_missing")) {
      logger.error(`Cancelling subscription ${row.id} after a decline failed: ${describeError(error)}`);
      throw new AppError("bad_gateway", "The subscription could not be cancelled just now, so the order was not declined. Please try again.");
    }
  }
  const now = new Date();
  await tx.subscription.update({ where: { id: row.id }, data: { status: "CANCELED", canceledAt: now, endedAt: now, cancelAtPeriodEnd: false } });
  await sendMail(subscriptionEndedAfterDeclineMail({ email: row.email, planName: row.plan.name, pricePence: row.pricePence, durationMonths: row.durationMonths }), tx);
  return true;
}
