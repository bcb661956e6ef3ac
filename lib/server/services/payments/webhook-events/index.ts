import "server-only";
import { chargeRefunded } from "./charge-refunded";
import { checkoutSessionAsyncPaymentFailed } from "./checkout-session-async-payment-failed";
import { checkoutSessionAsyncPaymentSucceeded } from "./checkout-session-async-payment-succeeded";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { checkoutSessionExpired } from "./checkout-session-expired";
import type { WebhookEventHandler } from "./types";

// The allow-list: every Stripe event we act on, one handler file each. Any other event is
// acknowledged and ignored. Subscribe the Stripe endpoint to exactly these (README).
const checkoutEventHandlers: Readonly<Record<string, WebhookEventHandler>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "checkout.session.async_payment_succeeded": checkoutSessionAsyncPaymentSucceeded,
  "checkout.session.async_payment_failed": checkoutSessionAsyncPaymentFailed,
  "checkout.session.expired": checkoutSessionExpired,
  "charge.refunded": chargeRefunded,
};

// Events of other domains (customer.subscription.*, invoice.*), registered by their handler
// files, which lib/server/plugins.ts loads: payments never import the domains they serve.
const registered = new Map<string, WebhookEventHandler>();

export function registerWebhookEvent(type: string, handler: WebhookEventHandler): void {
  if (Object.hasOwn(checkoutEventHandlers, type)) throw new Error(`Stripe event ${type} already has a handler.`);
  registered.set(type, handler);
}

/** The handler for an allow-listed event type, or undefined (acknowledged and ignored). */
export function webhookEventHandler(type: string): WebhookEventHandler | undefined {
  return Object.hasOwn(checkoutEventHandlers, type) ? checkoutEventHandlers[type] : registered.get(type);
}
