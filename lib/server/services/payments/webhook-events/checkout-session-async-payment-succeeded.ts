import "server-only";
import type Stripe from "stripe";
import { applyCheckoutSession } from "../apply-checkout-session";
import type { WebhookEventHandler } from "./types";

/** A delayed payment method settled. */
export const checkoutSessionAsyncPaymentSucceeded: WebhookEventHandler = (event, recorded) =>
  applyCheckoutSession(event.data.object as Stripe.Checkout.Session, "paid", recorded);
