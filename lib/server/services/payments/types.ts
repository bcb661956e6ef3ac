import "server-only";
import type Stripe from "stripe";
import type { OwnerColumns } from "@/lib/server/core/actor/owned-by";
import type { Tx } from "@/lib/server/core/db/client";

export type PaymentStatus = "OPEN" | "PROCESSING" | "PAID" | "FAILED" | "EXPIRED" | "REFUNDED";

/** What a payment is for; the record it pays for holds the payment's id (payment_id). */
export type PaymentPurpose = "CONSULTATION_BOOKING" | "PRESCRIPTION" | "ORDER";

/**
 * What a return from Checkout is for: a payment's purpose, or a subscription (Stripe bills it:
 * there is no payments row; our record is the subscription_checkouts row).
 */
export type CheckoutPurpose = PaymentPurpose | "SUBSCRIPTION";

/** What a checkout session's event (or the success-page return) says happened. */
export type CheckoutTransition = "paid" | "processing" | "failed" | "expired";

export type LockedPayment = {
  id: string;
  purpose: PaymentPurpose;
  amountPence: number;
  currency: string;
  status: PaymentStatus;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
};

/** How a kind of payable record reacts to its payment. Runs inside the payment's transaction. */
export type PaymentPurposeHandler = {
  /** Paid: fulfil, or answer "refund" when what was paid for can no longer be given. */
  onPaid(tx: Tx, payment: LockedPayment): Promise<"fulfilled" | "refund">;
  /** The checkout expired or the payment failed: release whatever was held for it. */
  onLapsed(tx: Tx, payment: LockedPayment): Promise<void>;
  /** Paid, then refunded in full outside our own flows (staff in the provider's dashboard): withdraw what it paid for. */
  onRefunded(tx: Tx, payment: LockedPayment): Promise<void>;
};

/**
 * How a kind of record appears on the return from Checkout: the record's owner columns (the
 * return decides who sees it, and asks the provider only for the owner) and its view. Given
 * our checkout record's id: the payment's, or the subscription checkout's. Null when it
 * is for no record of this kind.
 */
export type CheckoutReturnReader<View> = (checkoutRecordId: string) => Promise<{ owner: OwnerColumns; view: View } | null>;

/**
 * Records what a completed subscription-mode session started (the subscriptions domain
 * registers it): "recorded" once our subscription exists. Safe to run twice and in any order.
 */
export type SubscriptionCheckoutHandler = (session: Stripe.Checkout.Session) => Promise<"recorded" | "not-ours">;
