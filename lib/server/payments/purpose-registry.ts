import "server-only";
import { AppError } from "@/lib/server/errors/app-error";
import type { CheckoutReturnReader, PaymentPurpose, PaymentPurposeHandler } from "./types";

// Each kind of payable record registers how it reacts to its payment (its handler file calls
// registerPaymentPurpose when loaded) and how it reads on the return from Checkout (its return
// file calls registerCheckoutReturnReader). Payments never import the domains they serve:
// lib/server/plugins.ts loads every handler for the webhook, and a domain that applies a
// checkout for its own record imports its own handler file.
const handlers = new Map<PaymentPurpose, PaymentPurposeHandler>();
const returnReaders = new Map<PaymentPurpose, CheckoutReturnReader<unknown>>();

export function registerPaymentPurpose(purpose: PaymentPurpose, handler: PaymentPurposeHandler): void {
  handlers.set(purpose, handler);
}

export function paymentPurposeHandler(purpose: PaymentPurpose): PaymentPurposeHandler {
  const handler = handlers.get(purpose);
  if (!handler) throw new AppError("internal", `No payment handler is registered for ${purpose}.`);
  return handler;
}

/** How the purpose's record reads on the return from Checkout (confirmCheckoutReturn). */
export function registerCheckoutReturnReader<View>(purpose: PaymentPurpose, reader: CheckoutReturnReader<View>): void {
  returnReaders.set(purpose, reader);
}

export function checkoutReturnReader(purpose: PaymentPurpose): CheckoutReturnReader<unknown> {
  const reader = returnReaders.get(purpose);
  if (!reader) throw new AppError("internal", `No checkout return reader is registered for ${purpose}.`);
  return reader;
}
