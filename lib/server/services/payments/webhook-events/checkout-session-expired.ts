import "server-only";
import type Stripe from "stripe";
import { applyCheckoutSession } from "../apply-checkout-session";
import { applySubscriptionCheckoutSession } from "../subscription-checkout-records";
import type { WebhookEventHandler } from "./types";

/** The checkout stopped accepting payment: whatever was held for it is released (a subscription checkout: our record expires). */
export const checkoutSessionExpired: WebhookEventHandler = (event, recorded) => {
  const session = event.data.object as Stripe.Checkout.Session;
  return session.mode === "subscription" ? applySubscriptionCheckoutSession(session) : applyCheckoutSession(session, "expired", recorded);
};
