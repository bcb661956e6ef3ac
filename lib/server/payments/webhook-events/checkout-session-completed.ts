import "server-only";
import type Stripe from "stripe";
import { applyCheckoutSession } from "../apply-checkout-session";
import type { WebhookEventHandler } from "./types";

/** Checkout finished: paid, or (a bank transfer, a delayed method) still processing. */
export const checkoutSessionCompleted: WebhookEventHandler = (event, recorded) => {
  const session = event.data.object as Stripe.Checkout.Session;
  return applyCheckoutSession(session, session.payment_status === "unpaid" ? "processing" : "paid", recorded);
};
