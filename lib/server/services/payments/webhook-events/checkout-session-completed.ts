import "server-only";
import type Stripe from "stripe";
import { applyCheckoutSession } from "../apply-checkout-session";
import { applySubscriptionCheckoutSession } from "../subscription-checkout-records";
import type { WebhookEventHandler } from "./types";

/**
 * Checkout finished: paid, or (a bank transfer, a delayed method) still processing. A
 * subscription checkout: the subscription is recorded and our record of the checkout completed
 * (re-read from the provider, so a repeat converges).
 */
export const checkoutSessionCompleted: WebhookEventHandler = (event, recorded) => {
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.mode === "subscription") return applySubscriptionCheckoutSession(session);
  return applyCheckoutSession(session, session.payment_status === "unpaid" ? "processing" : "paid", recorded);
};
