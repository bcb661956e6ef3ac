import "server-only";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { describeError, providerMessage, stripe } from "./stripe-client";
import { logger } from "@/lib/server/log/logger";

/** How long a checkout session accepts payment. Stripe's minimum is 30 minutes. */
export const CHECKOUT_MINUTES = 31;

export type PaymentForCheckout = {
  id: string;
  amountPence: number;
  currency: string;
  expiresAt: Date;
  checkoutSessionId: string | null;
  checkoutUrl: string | null;
};

export type CheckoutLineItem = { name: string; description?: string; amountPence: number };

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
  let session;
  try {
    session = await stripe().checkout.sessions.create(
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
      { idempotencyKey: `checkout-session-${payment.id}` },
    );
  } catch (error) {
    logger.error(`Checkout session for payment ${payment.id} failed: ${describeError(error)}`);
    throw new AppError("bad_gateway", `We could not start the payment: ${providerMessage(error)} Please try again.`);
  }
  if (!session.url) throw new AppError("bad_gateway", "We could not start the payment: the payment provider gave no checkout page. Please try again.");
  await db.payment.updateMany({
    where: { id: payment.id, checkoutSessionId: null },
    data: { checkoutSessionId: session.id, checkoutUrl: session.url },
  });
  return { sessionId: session.id, url: session.url };
}
