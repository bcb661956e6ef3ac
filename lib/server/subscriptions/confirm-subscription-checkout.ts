import "server-only";
import { describeError, isStripeError, stripe } from "@/lib/server/payments/stripe-client";
import { applyInvoice, applySubscription } from "./sync-subscription";
import { logger } from "@/lib/server/log/logger";

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Coming back from a subscription checkout: asks Stripe about the session and records the
 * subscription and its first order now, as the webhooks will (whichever comes first does
 * it; the other finds it done). Who owns it comes from the subscription's metadata, never
 * from the caller, so any session id is harmless. True when a subscription was recorded.
 * `askProvider` limits how often one client may make us ask Stripe.
 */
export async function confirmSubscriptionCheckout(sessionId: string | undefined, options: { askProvider?: () => Promise<boolean> } = {}): Promise<boolean> {
  if (!sessionId || !SESSION_ID.test(sessionId)) return false;
  // A per-address budget of provider look-ups (return pages are public GETs); past it, the webhooks record it.
  if (!(await (options.askProvider?.() ?? true))) return false;
  try {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    const subscriptionId = typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
    if (session.mode !== "subscription" || session.status !== "complete" || !subscriptionId) return false;
    const invoiceId = typeof session.invoice === "string" ? session.invoice : (session.invoice?.id ?? null);
    const result = invoiceId ? await applyInvoice(invoiceId, subscriptionId) : await applySubscription(subscriptionId);
    return result.kind === "applied";
  } catch (error) {
    // The provider did not answer (or the session is not one it knows): the page still renders,
    // and the webhooks record the subscription when it is paid.
    if (!isStripeError(error, "resource_missing")) logger.error(`Subscription checkout return could not be confirmed: ${describeError(error)}`);
    return false;
  }
}
