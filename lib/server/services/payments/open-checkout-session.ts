import "server-only";
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { OwnerColumns } from "@/lib/server/core/actor/owned-by";
import { logger } from "@/lib/server/core/log/logger";
import { describeError, providerMessage, stripe } from "./stripe-client";
import { recordSubscriptionCheckout } from "./subscription-checkout-records";

/** Stripe refuses a checkout session that expires sooner than this after it is created. */
export const PROVIDER_MIN_CHECKOUT_MINUTES = 30;

/** How long a checkout session accepts payment: a minute over the provider's minimum. */
export const CHECKOUT_MINUTES = 31;

export type PaymentForCheckout = {
  id: string;
  amountPence: number;
  currency: string;
  expiresAt: Date;
  checkoutSessionId: string | null;
  checkoutUrl: string | null;
};

type CheckoutLineItem = { name: string; description?: string; amountPence: number };

export type CheckoutDetails = {
  /** What the hosted page lists, e.g. "Hair consultation". */
  itemName: string;
  itemDescription: string;
  /**
   * Several lines instead of the one item (a shop order: its goods, net of any discount, and
   * delivery). They must add up to the payment's amount; zero-priced lines are left out.
   */
  lineItems?: CheckoutLineItem[];
  customerEmail: string;
  /** Site paths; the success path gets ?session_id={CHECKOUT_SESSION_ID}. */
  successPath: string;
  cancelPath: string;
  /** Our record, e.g. { booking_id }, alongside payment_id. */
  metadata: Record<string, string>;
};

/**
 * Opens (or reopens) the Stripe Checkout session for one payment row. Everything Stripe
 * sees comes from our records: the amount from the database (in pence, GBP), the expiry
 * from the payment's hold, and an idempotency key derived from the payment id, so a double
 * click, a retry or two app instances racing get the same session, never a second one.
 */
export async function openCheckoutSession(payment: PaymentForCheckout, details: CheckoutDetails): Promise<{ sessionId: string; url: string }> {
  if (payment.checkoutSessionId && payment.checkoutUrl) return { sessionId: payment.checkoutSessionId, url: payment.checkoutUrl };
  const { SITE_URL } = env();
  const items = (details.lineItems ?? [{ name: details.itemName, description: details.itemDescription, amountPence: payment.amountPence }]).filter(
    (item) => item.amountPence > 0,
  );
  if (items.reduce((sum, item) => sum + item.amountPence, 0) !== payment.amountPence) {
    throw new AppError("internal", `Checkout lines for payment ${payment.id} do not add up to its amount.`);
  }
  const session = await createCheckoutSession(
    {
      mode: "payment",
      line_items: items.map((item) => ({
        quantity: 1,
        price_data: {
          currency: payment.currency,
          unit_amount: item.amountPence,
          product_data: item.description ? { name: item.name, description: item.description } : { name: item.name },
        },
      })),
      customer_email: details.customerEmail,
      client_reference_id: payment.id,
      metadata: { payment_id: payment.id, ...details.metadata },
      payment_intent_data: { metadata: { payment_id: payment.id, ...details.metadata } },
      expires_at: Math.floor(payment.expiresAt.getTime() / 1000),
      success_url: `${SITE_URL}${details.successPath}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_URL}${details.cancelPath}`,
    },
    { idempotencyKey: `checkout-session-${payment.id}`, logRef: `payment ${payment.id}` },
  );
  await db.payment.updateMany({
    where: { id: payment.id, checkoutSessionId: null },
    data: { checkoutSessionId: session.id, checkoutUrl: session.url },
  });
  return { sessionId: session.id, url: session.url };
}

export type SubscriptionCheckout = {
  /**
   * What this attempt is, from our records: the same plan started under the same passed
   * assessment (which belongs to one owner) is the same attempt, e.g. "<plan id>:<assessment id>".
   */
  attempt: string;
  /** The plan's recurring price at the provider. */
  priceId: string;
  /** client_reference_id: our record the subscription is for (the plan). */
  clientReferenceId: string;
  /** Whose checkout it is: our record of the session (subscription_checkouts) names them. */
  owner: OwnerColumns;
  /** The patient's earlier provider customer, so their subscriptions and card stay together; else their email, if known. */
  customer: { id: string } | { email: string } | null;
  /** Our record (plan, medicine, assessment, owner), on the session and the subscription. */
  metadata: Record<string, string>;
  description: string;
  /** Site paths; the success path gets ?session_id={CHECKOUT_SESSION_ID}. */
  successPath: string;
  cancelPath: string;
};

/** How long a double click, a retry or a patient coming back from the checkout page gets the same subscription checkout. */
export const SUBSCRIPTION_CHECKOUT_WINDOW_MS = 30 * 60_000;

/**
 * Opens a Checkout session in subscription mode (Stripe bills it: there is no payments row)
 * and records it as ours (subscription_checkouts: owner, plan, expiry) before answering, so
 * the return and the webhooks know the session without asking the provider.
 * Its idempotency key is derived from our record of the attempt, the 30-minute window it falls
 * in, and a digest of everything sent: a double click, a retry or two app instances racing
 * within the window send the same key and get the same session (Stripe answers a repeated key
 * with the first answer for up to 24 hours; the session itself stays open 24 hours). Anything
 * different — another plan, a new price after a catalogue change, the patient signed in
 * meanwhile — is a different request and gets a session of its own, never an idempotency
 * error. Two clicks that straddle a window's edge (for clicks a second apart, one pair in 1,800)
 * still open two sessions, as every double click did before this key.
 */
export async function openSubscriptionCheckout(checkout: SubscriptionCheckout, now = new Date()): Promise<{ sessionId: string; url: string }> {
  const { SITE_URL } = env();
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "subscription",
    line_items: [{ price: checkout.priceId, quantity: 1 }],
    ...(checkout.customer === null ? {} : "id" in checkout.customer ? { customer: checkout.customer.id } : { customer_email: checkout.customer.email }),
    client_reference_id: checkout.clientReferenceId,
    metadata: checkout.metadata,
    subscription_data: { metadata: checkout.metadata, description: checkout.description },
    shipping_address_collection: { allowed_countries: ["GB"] },
    success_url: `${SITE_URL}${checkout.successPath}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_URL}${checkout.cancelPath}`,
  };
  const window = Math.floor(now.getTime() / SUBSCRIPTION_CHECKOUT_WINDOW_MS);
  const digest = createHash("sha256").update(JSON.stringify(params)).digest("base64url").slice(0, 22);
  const session = await createCheckoutSession(params, {
    idempotencyKey: `checkout-subscription-${checkout.attempt}-${window}-${digest}`,
    logRef: `subscription attempt ${checkout.attempt}`,
  });
  await recordSubscriptionCheckout(session, { owner: checkout.owner, planId: checkout.clientReferenceId });
  return { sessionId: session.id, url: session.url };
}

/**
 * The one place a Checkout session is created: every caller passes an idempotency key
 * derived from our record. Provider errors are logged by our reference (never personal
 * data) and answered with the provider's own message.
 */
async function createCheckoutSession(params: Stripe.Checkout.SessionCreateParams, { idempotencyKey, logRef }: { idempotencyKey: string; logRef: string }) {
  let session;
  try {
    session = await stripe().checkout.sessions.create(params, { idempotencyKey });
  } catch (error) {
    logger.error(`Checkout session for ${logRef} failed: ${describeError(error)}`);
    throw new AppError("bad_gateway", `We could not start the payment: ${providerMessage(error)} Please try again.`);
  }
  if (!session.url) throw new AppError("bad_gateway", "We could not start the payment: the payment provider gave no checkout page. Please try again.");
  return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
}
