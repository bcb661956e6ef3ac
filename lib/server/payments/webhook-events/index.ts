import "server-only";
import { chargeRefunded } from "./charge-refunded";
import { checkoutSessionAsyncPaymentFailed } from "./checkout-session-async-payment-failed";
import { checkoutSessionAsyncPaymentSucceeded } from "./checkout-session-async-payment-succeeded";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { checkoutSessionExpired } from "./checkout-session-expired";
import type { WebhookEventHandler } from "./types";

// The allow-list: every Stripe event we act on, one handler file each. Any other event is
// acknowledged and ignored. Subscribe the Stripe endpoint to exactly these (README).
export const webhookEventHandlers: Readonly<Record<string, WebhookEventHandler>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "checkout.session.async_payment_succeeded": checkoutSessionAsyncPaymentSucceeded,
  "checkout.session.async_payment_failed": checkoutSessionAsyncPaymentFailed,
  "checkout.session.expired": checkoutSessionExpired,
  "charge.refunded": chargeRefunded,
};
