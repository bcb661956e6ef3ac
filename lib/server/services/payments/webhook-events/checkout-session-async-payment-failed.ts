import "server-only";
import type Stripe from "stripe";
import { applyCheckoutSession } from "../apply-checkout-session";
import type { WebhookEventHandler } from "./types";

/** A delayed payment method failed: whatever was held for it is released. */
export const checkoutSessionAsyncPaymentFailed: WebhookEventHandler = (event, recorded) =>
  applyCheckoutSession(event.data.object as Stripe.Checkout.Session, "failed", recorded);
