import "server-only";
import { chargeRefunded } from "./charge-refunded";
import { checkoutSessionAsyncPaymentFailed } from "./checkout-session-async-payment-failed";
import { checkoutSessionAsyncPaymentSucceeded } from "./checkout-session-async-payment-succeeded";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { checkoutSessionExpired } from "./checkout-session-expired";
import { type HandledStripeEvent, isHandledStripeEvent } from "./handled-events";
import type { WebhookEventHandler } from "./types";

// The allow-list is HANDLED_STRIPE_EVENTS (handled-events.ts). Payments' own events, one
// handler file each:
const checkoutEventHandlers: Readonly<Partial<Record<HandledStripeEvent, WebhookEventHandler>>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "checkout.session.async_payment_succeeded": checkoutSessionAsyncPaymentSucceeded,
  "checkout.session.async_payment_failed": checkoutSessionAsyncPaymentFailed,
  "checkout.session.expired": checkoutSessionExpired,
  "charge.refunded": chargeRefunded,
};

// Events of other domains (customer.subscription.*, invoice.*, identity.*), registered by their
// handler files, which lib/server/plugins.ts loads: payments never import the domains they serve.
const registered = new Map<HandledStripeEvent, WebhookEventHandler>();

/** Registers a domain's handler for a type in HANDLED_STRIPE_EVENTS; any other type throws. */
export function registerWebhookEvent(type: HandledStripeEvent, handler: WebhookEventHandler): void {
  if (!isHandledStripeEvent(type)) throw new Error(`Stripe event ${type} is not in HANDLED_STRIPE_EVENTS (handled-events.ts): add it there first.`);
  if (Object.hasOwn(checkoutEventHandlers, type)) throw new Error(`Stripe event ${type} already has a handler.`);
  registered.set(type, handler);
}

/** The handler for an allow-listed event type, or undefined (acknowledged and ignored). */
export function webhookEventHandler(type: string): WebhookEventHandler | undefined {
  if (!isHandledStripeEvent(type)) return undefined;
  return checkoutEventHandlers[type] ?? registered.get(type);
}

/** The event types that have a handler now (after lib/server/plugins.ts has loaded): what the route dispatches. */
export function dispatchedWebhookEventTypes(): string[] {
  return [...Object.keys(checkoutEventHandlers), ...registered.keys()];
}
