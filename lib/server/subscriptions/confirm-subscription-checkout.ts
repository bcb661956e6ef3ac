import "server-only";
import { db } from "@/lib/server/core/db/client";
import { confirmCheckoutReturn, type CheckoutReturn, type CheckoutReturnInput } from "@/lib/server/services/payments/confirm-checkout-return";
import { registerCheckoutReturnReader } from "@/lib/server/services/payments/purpose-registry";
// This domain records its own completed checkouts: its handler must be registered.
import "./subscription-checkout-handler";

export type SubscriptionReturnView = { planName: string };

registerCheckoutReturnReader<SubscriptionReturnView>("SUBSCRIPTION", async (subscriptionCheckoutId) => {
  const row = await db.subscriptionCheckout.findUnique({ where: { id: subscriptionCheckoutId }, select: { userId: true, guestKeyHash: true, plan: { select: { name: true } } } });
  if (!row) return null;
  return { owner: { userId: row.userId, guestKeyHash: row.guestKeyHash }, view: { planName: row.plan.name } };
});

/**
 * Coming back from a subscription checkout (the dashboard, the guest's started page): the one
 * checkout return (payments), for our record of the session (subscription_checkouts). A
 * session we did not open is not-found without asking the provider; paid, the subscription
 * and its first order are recorded now, as the webhooks will.
 */
export function confirmSubscriptionCheckout(input: CheckoutReturnInput): Promise<CheckoutReturn<SubscriptionReturnView>> {
  return confirmCheckoutReturn<SubscriptionReturnView>({ ...input, purpose: "SUBSCRIPTION" });
}
