import "server-only";
import { isOwnedBy } from "@/lib/server/actor/owned-by";
import { db } from "@/lib/server/db/client";
import { logger } from "@/lib/server/log/logger";
import { isCheckoutSessionId, lookUpCheckoutSession, type CheckoutReturn, type CheckoutReturnInput } from "@/lib/server/payments/confirm-checkout-return";
import { describeError, isStripeError } from "@/lib/server/payments/stripe-client";
import { applyInvoice, applySubscription } from "./sync-subscription";

export type SubscriptionReturnView = { planName: string };

/**
 * Coming back from a subscription checkout: the same return as every other Checkout (the
 * payments module's look-up, budget and provider-error policy, and its states), recording the
 * subscription and its first order now, as the webhooks will (whichever comes first does it;
 * the other finds it done). A subscription checkout has no payments row (Stripe bills it), so
 * whether the session is ours is known only from the provider's answer: a subscription-mode
 * session whose subscription our metadata names; who owns it comes from that metadata, never
 * from the caller. Paid: the subscription is recorded.
 */
export async function confirmSubscriptionCheckout({ sessionId, actor, clientAddress }: CheckoutReturnInput): Promise<CheckoutReturn<SubscriptionReturnView>> {
  if (!isCheckoutSessionId(sessionId)) return { state: "not-found", view: null };
  const session = await lookUpCheckoutSession(sessionId, { clientAddress, logRef: "a subscription checkout" });
  if (session === "missing") return { state: "not-found", view: null };
  if (session === null) return { state: "confirming", view: null };
  if (session.mode !== "subscription") return { state: "not-found", view: null };
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
  if (session.status !== "complete" || !subscriptionId) return { state: "failed", view: null };
  const invoiceId = typeof session.invoice === "string" ? session.invoice : (session.invoice?.id ?? null);
  let result;
  try {
    result = invoiceId ? await applyInvoice(invoiceId, subscriptionId) : await applySubscription(subscriptionId);
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logger.error(`Subscription checkout return: the payment provider did not answer (${describeError(error)}); the webhooks will record it.`);
    return { state: "confirming", view: null };
  }
  if (result.kind !== "applied") return { state: "not-found", view: null };
  const row = await db.subscription.findUniqueOrThrow({ where: { id: result.id }, select: { userId: true, guestKeyHash: true, plan: { select: { name: true } } } });
  return { state: "paid", view: isOwnedBy(actor, row) ? { planName: row.plan.name } : null };
}
