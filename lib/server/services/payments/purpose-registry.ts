import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { CheckoutPurpose, CheckoutReturnReader, PaymentPurpose, PaymentPurposeHandler, SubscriptionCheckoutHandler } from "./types";

// Each kind of payable record registers how it reacts to its payment (its handler file calls
// registerPaymentPurpose when loaded) and how it reads on the return from Checkout (its return
// file calls registerCheckoutReturnReader). Subscriptions register how a completed
// subscription checkout is recorded (registerSubscriptionCheckoutHandler). Payments never import the domains they serve:
// lib/server/plugins.ts loads every handler for the webhook, and a domain that applies a
// checkout for its own record imports its own handler file.
const handlers = new Map<PaymentPurpose, PaymentPurposeHandler>();
const returnReaders = new Map<CheckoutPurpose, CheckoutReturnReader<unknown>>();
let subscriptionCheckout: SubscriptionCheckoutHandler | null = null;

export function registerPaymentPurpose(purpose: PaymentPurpose, handler: PaymentPurposeHandler): void {
  handlers.set(purpose, handler);
}

export function paymentPurposeHandler(purpose: PaymentPurpose): PaymentPurposeHandler {
  const handler = handlers.get(purpose);
  if (!handler) throw new AppError("internal", `No payment handler is registered for ${purpose}.`);
  return handler;
}

/** How the purpose's record reads on the return from Checkout (confirmCheckoutReturn). */
export function registerCheckoutReturnReader<View>(purpose: CheckoutPurpose, reader: CheckoutReturnReader<View>): void {
  returnReaders.set(purpose, reader);
}

export function checkoutReturnReader(purpose: CheckoutPurpose): CheckoutReturnReader<unknown> {
  const reader = returnReaders.get(purpose);
  if (!reader) throw new AppError("internal", `No checkout return reader is registered for ${purpose}.`);
  return reader;
}

export function registerSubscriptionCheckoutHandler(handler: SubscriptionCheckoutHandler): void {
  subscriptionCheckout = handler;
}

export function subscriptionCheckoutHandler(): SubscriptionCheckoutHandler {
  if (!subscriptionCheckout) throw new AppError("internal", "No subscription checkout handler is registered.");
  return subscriptionCheckout;
}
