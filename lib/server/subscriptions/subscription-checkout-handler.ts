import "server-only";
import type Stripe from "stripe";
import { registerSubscriptionCheckoutHandler } from "@/lib/server/services/payments/purpose-registry";
import { applyInvoice } from "./apply-invoice";
import { applySubscription } from "./sync-subscription";

/**
 * A completed subscription checkout (its return, or checkout.session.completed): records the
 * subscription and its first order now, as the customer.subscription.* and invoice.* webhooks
 * will (whichever comes first does it; the others find it done). Who owns it comes from the
 * subscription's metadata, written by /api/subscribe.
 */
async function applySubscriptionCheckout(session: Stripe.Checkout.Session): Promise<"recorded" | "not-ours"> {
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
  if (session.status !== "complete" || !subscriptionId) return "not-ours";
  const invoiceId = typeof session.invoice === "string" ? session.invoice : (session.invoice?.id ?? null);
  const result = invoiceId ? await applyInvoice(invoiceId, subscriptionId) : await applySubscription(subscriptionId);
  return result.kind === "applied" ? "recorded" : "not-ours";
}

registerSubscriptionCheckoutHandler(applySubscriptionCheckout);
