import "server-only";
import type Stripe from "stripe";
import { isOwnedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { logger } from "@/lib/server/core/log/logger";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { withinRateLimit } from "@/lib/server/services/rate-limit/within-rate-limit";
import { applyCheckoutSession, transitionOfSession } from "./apply-checkout-session";
import { checkoutReturnReader } from "./purpose-registry";
import { describeError, isStripeError, stripe } from "./stripe-client";
import { applySubscriptionCheckoutSession, getSubscriptionCheckout } from "./subscription-checkout-records";
import type { CheckoutPurpose, PaymentStatus } from "./types";

/**
 * How a return from Checkout ended, the same words for every purpose: paid; refunded (paid,
 * then refunded in full); processing (an asynchronous payment is settling); confirming (still
 * open in our records and the provider was not asked — budget spent, expiry passed, not the
 * caller's own — or did not answer: the webhook will say); failed (not paid: expired, declined, or still open at
 * the provider); not-found (not a session of ours for this purpose).
 */
export type CheckoutReturnState = "paid" | "refunded" | "processing" | "confirming" | "failed" | "not-found";

export type CheckoutReturn<View> = {
  state: CheckoutReturnState;
  /** Only for the record's owner: anyone else holding the link learns nothing about it. */
  view: View | null;
};

/** clientAddress: whose budget of provider look-ups this return spends (rateLimits.checkoutReturnLookupPerAddress). */
export type CheckoutReturnInput = { sessionId: string; actor: Actor | null; clientAddress: string };

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
const NOT_FOUND = { state: "not-found", view: null } as const;

function isCheckoutSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

/**
 * The one return from Checkout (a success page, POST /api/prescription/save), for every
 * purpose: a payment's (our record is the payments row) and a subscription's (our record is
 * the subscription_checkouts row). Return pages are public, so the provider is asked only
 * about a session we have a record of for this purpose, that is the caller's own (isOwnedBy),
 * still waiting for its outcome and unexpired, and only within the client address's budget;
 * otherwise the answer is what the webhooks recorded. What the provider says is applied with
 * the webhook's own function (applyCheckoutSession, applySubscriptionCheckoutSession):
 * whichever arrives first does the work. Never throws for the provider: an unknown session
 * is not-found, any other provider error is logged by our record's id and answered from our
 * records. The purpose's record reader (registerCheckoutReturnReader) must be registered:
 * import the domain's return file.
 */
export async function confirmCheckoutReturn<View>({ sessionId, purpose, actor, clientAddress }: CheckoutReturnInput & { purpose: CheckoutPurpose }): Promise<CheckoutReturn<View>> {
  if (!isCheckoutSessionId(sessionId)) return NOT_FOUND;
  const ours = await ourCheckout(sessionId, purpose);
  if (!ours) return NOT_FOUND;
  const read = checkoutReturnReader(purpose);
  const before = await read(ours.id);
  if (!before) return NOT_FOUND;
  const isOwner = isOwnedBy(actor, before.owner);
  let answered = false;
  if (isOwner && isAwaitingOutcome(ours)) {
    const session = await lookUpCheckoutSession(sessionId, { clientAddress, logRef: ours.logRef });
    if (session === "missing") return NOT_FOUND;
    answered = session !== null && (await applyAnswer(session, ours));
  }
  const status = (await ourCheckout(sessionId, purpose))?.status ?? ours.status;
  const view = isOwner ? ((await read(ours.id))?.view ?? before.view) : null;
  return { state: stateOf(status, answered), view: view as View | null };
}

/** Our record of a session for this purpose, its status in the payments' words, or null: not ours. */
type OurCheckout = { id: string; kind: "payment" | "subscription"; status: PaymentStatus; expiresAt: Date; logRef: string };

async function ourCheckout(sessionId: string, purpose: CheckoutPurpose): Promise<OurCheckout | null> {
  if (purpose === "SUBSCRIPTION") {
    const row = await getSubscriptionCheckout(sessionId);
    if (!row) return null;
    const status = row.status === "COMPLETED" ? "PAID" : row.status;
    return { id: row.id, kind: "subscription", status, expiresAt: row.expiresAt, logRef: `subscription checkout ${row.id}` };
  }
  const row = await db.payment.findUnique({ where: { checkoutSessionId: sessionId }, select: { id: true, purpose: true, status: true, expiresAt: true } });
  if (!row || row.purpose !== purpose) return null;
  return { id: row.id, kind: "payment", status: row.status, expiresAt: row.expiresAt, logRef: `payment ${row.id}` };
}

/**
 * Asks the provider about one checkout session, counting one look-up against the client
 * address: the session; "missing" when the provider does not know it; null when it was not
 * asked (budget spent) or did not answer (logged by `logRef`, never personal data).
 */
async function lookUpCheckoutSession(sessionId: string, { clientAddress, logRef }: { clientAddress: string; logRef: string }): Promise<Stripe.Checkout.Session | "missing" | null> {
  if (!(await withinRateLimit(rateLimits.checkoutReturnLookupPerAddress, clientAddress))) return null;
  try {
    return await stripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isStripeError(error, "resource_missing")) return "missing";
    logger.error(`Checkout return for ${logRef}: the payment provider did not answer (${describeError(error)}); answered from our records.`);
    return null;
  }
}

/** Open or settling, and the checkout still accepting payment: only then can the provider tell us more than our records. */
function isAwaitingOutcome(checkout: { status: PaymentStatus; expiresAt: Date }): boolean {
  return (checkout.status === "OPEN" || checkout.status === "PROCESSING") && checkout.expiresAt.getTime() > Date.now();
}

/**
 * Applies what the provider said; false when that failed at the provider (a refund it
 * refused, a subscription it did not return): the webhooks will converge.
 */
async function applyAnswer(session: Stripe.Checkout.Session, ours: OurCheckout): Promise<boolean> {
  const transition = transitionOfSession(session);
  if (!transition) return true;
  try {
    if (ours.kind === "subscription") await applySubscriptionCheckoutSession(session);
    else await applyCheckoutSession(session, transition);
    return true;
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logger.error(`Checkout return for ${ours.logRef} could not be applied (${describeError(error)}); answered from our records.`);
    return false;
  }
}

function stateOf(status: PaymentStatus, answered: boolean): CheckoutReturnState {
  switch (status) {
    case "PAID":
      return "paid";
    case "REFUNDED":
      return "refunded";
    case "PROCESSING":
      return "processing";
    case "FAILED":
    case "EXPIRED":
      return "failed";
    case "OPEN":
      return answered ? "failed" : "confirming";
  }
}
