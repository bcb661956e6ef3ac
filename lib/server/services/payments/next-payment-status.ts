import type { CheckoutTransition, PaymentStatus } from "./types";

// Payment states only move forward, so events converge whatever order they arrive in:
// a late "expired" cannot undo "paid", and a redelivered "completed" changes nothing.
const allowed: Record<CheckoutTransition, { to: PaymentStatus; from: PaymentStatus[] }> = {
  paid: { to: "PAID", from: ["OPEN", "PROCESSING", "EXPIRED", "FAILED"] },
  processing: { to: "PROCESSING", from: ["OPEN", "EXPIRED"] },
  failed: { to: "FAILED", from: ["OPEN", "PROCESSING"] },
  expired: { to: "EXPIRED", from: ["OPEN"] },
};

/** The payment's new status after a transition, or null when it does not apply. */
export function nextPaymentStatus(current: PaymentStatus, transition: CheckoutTransition): PaymentStatus | null {
  const rule = allowed[transition];
  return rule.from.includes(current) ? rule.to : null;
}
