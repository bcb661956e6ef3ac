import "server-only";

/**
 * Every Stripe event type the webhook acts on, in one list: subscribe the Stripe endpoint to
 * exactly these (docs/configuration.md, "Stripe webhook events"). Payments handle the checkout
 * and charge events itself; the domains it serves register handlers for the others
 * (lib/server/plugins.ts loads them), and only for a type named here. Any other event is
 * acknowledged and ignored. tests/integration/docs/stripe-events.test.ts compares this list
 * with what the webhook route dispatches and with the docs.
 */
export const HANDLED_STRIPE_EVENTS = [
  // Checkout and refunds (payments itself).
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
  // Subscriptions and their invoices (lib/server/subscriptions/subscription-webhooks.ts).
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.voided",
  // Stripe Identity (lib/server/identity/identity-webhooks.ts).
  "identity.verification_session.verified",
  "identity.verification_session.requires_input",
  "identity.verification_session.processing",
  "identity.verification_session.canceled",
] as const;

export type HandledStripeEvent = (typeof HANDLED_STRIPE_EVENTS)[number];

export function isHandledStripeEvent(type: string): type is HandledStripeEvent {
  return (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type);
}
