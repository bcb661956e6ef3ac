import "server-only";
import type Stripe from "stripe";
import type { OwnerColumns } from "@/lib/server/core/actor/owned-by";
import { db, type Tx } from "@/lib/server/core/db/client";
import { subscriptionCheckoutHandler } from "./purpose-registry";

// Our record of each subscription-mode Checkout session (subscription_checkouts): written
// when the session is opened, so a return or a webhook knows the session is ours, for which
// plan and whose, before anything is asked of the provider.

export type SubscriptionCheckoutRecord = { id: string; status: "OPEN" | "COMPLETED" | "EXPIRED"; expiresAt: Date };

/** Keyed by the provider's session id: the idempotent replay of an open returns the same session, so one row. */
export async function recordSubscriptionCheckout(session: { id: string; expiresAt: Date }, record: { owner: OwnerColumns; planId: string }): Promise<void> {
  await db.subscriptionCheckout.upsert({
    where: { checkoutSessionId: session.id },
    create: { checkoutSessionId: session.id, ...record.owner, planId: record.planId, expiresAt: session.expiresAt },
    update: {},
  });
}

export function getSubscriptionCheckout(sessionId: string): Promise<SubscriptionCheckoutRecord | null> {
  return db.subscriptionCheckout.findUnique({ where: { checkoutSessionId: sessionId }, select: { id: true, status: true, expiresAt: true } });
}

/** The subscription is recorded: the checkout is done. Safe to call twice; never moves back. */
export async function completeSubscriptionCheckout(sessionId: string, client: Tx | typeof db = db): Promise<void> {
  await client.subscriptionCheckout.updateMany({ where: { checkoutSessionId: sessionId, status: { not: "COMPLETED" } }, data: { status: "COMPLETED", completedAt: new Date() } });
}

/**
 * What a subscription-mode session says, applied to our record (the return from Checkout and
 * the checkout.session.* webhooks): completed, the subscriptions domain records it and the
 * row is COMPLETED; expired, an OPEN row is EXPIRED. A session we have no row for is not ours.
 */
export async function applySubscriptionCheckoutSession(session: Stripe.Checkout.Session): Promise<{ kind: string }> {
  if (session.mode !== "subscription") return { kind: "not-ours" };
  const ours = await getSubscriptionCheckout(session.id);
  if (!ours) return { kind: "not-ours" };
  if (session.status === "expired") {
    await db.subscriptionCheckout.updateMany({ where: { id: ours.id, status: "OPEN" }, data: { status: "EXPIRED" } });
    return { kind: "subscription-checkout-expired" };
  }
  if (session.status !== "complete") return { kind: "unchanged" };
  if ((await subscriptionCheckoutHandler()(session)) !== "recorded") return { kind: "not-ours" };
  await completeSubscriptionCheckout(session.id);
  return { kind: "subscription-checkout-completed" };
}
