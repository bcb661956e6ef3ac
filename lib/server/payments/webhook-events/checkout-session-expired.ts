import "server-only";
import type Stripe from "stripe";
import { applyCheckoutSession } from "../apply-checkout-session";
import type { WebhookEventHandler } from "./types";

/** The checkout stopped accepting payment: whatever was held for it is released. */
export const checkoutSessionExpired: WebhookEventHandler = (event, recorded) =>
  applyCheckoutSession(event.data.object as Stripe.Checkout.Session, "expired", recorded);
