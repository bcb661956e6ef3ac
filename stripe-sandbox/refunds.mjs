// POST /v1/refunds against the payment intents that paid sessions created. Refunds succeed at
// once; the charge's refunded total is tracked so over-refunds fail as they do at Stripe.
import { invalid, noSuch, StripeApiError } from "./errors.mjs";
import { readInteger, readMetadata, readString, rejectUnknown } from "./params.mjs";
import { formatMoney, randomId } from "./util.mjs";

/**
 * @typedef {import("./form.mjs").FormObject} FormObject
 * @typedef {{ id: string, object: "refund", amount: number, charge: string, currency: string, payment_intent: string, status: "succeeded", reason: string | null, metadata: Record<string, string>, created: number }} Refund
 * @typedef {{ id: string, object: "payment_intent", amount: number, amount_received: number, currency: string, status: "processing" | "succeeded" | "requires_payment_method", latest_charge: string, metadata: Record<string, string>, description: string | null, created: number, livemode: false }} PaymentIntent
 * @typedef {{ intent: PaymentIntent, amountRefunded: number }} PaymentRecord
 */

/**
 * A payment intent for a charge the sandbox made (a paid checkout session or a subscription's
 * invoice), recorded in `payments` so the refunds API can refund it.
 * @param {Map<string, PaymentRecord>} payments
 * @param {{ amount: number, received: boolean, currency: string, status: PaymentIntent["status"], metadata?: Record<string, string>, description: string | null, created: number }} fields
 * @returns {PaymentIntent}
 */
export function recordPaymentIntent(payments, { amount, received, currency, status, metadata = {}, description, created }) {
  /** @type {PaymentIntent} */
  const intent = {
    id: randomId("pi_"),
    object: "payment_intent",
    amount,
    amount_received: received ? amount : 0,
    currency,
    status,
    latest_charge: randomId("ch_"),
    metadata: { ...metadata },
    description,
    created,
    livemode: false,
  };
  payments.set(intent.id, { intent, amountRefunded: 0 });
  return intent;
}

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"];
const ACCEPTED_WITHOUT_EFFECT = ["instructions_email", "refund_application_fee", "reverse_transfer", "origin"];

/**
 * @param {FormObject} params
 * @param {{ payments: Map<string, PaymentRecord>, nowMs: number }} context
 * @returns {Refund}
 */
export function createRefund(params, { payments, nowMs }) {
  rejectUnknown(params, ["payment_intent", "charge", "amount", "reason", "metadata", "expand", ...ACCEPTED_WITHOUT_EFFECT]);
  const record = findPayment(params, payments);
  const { intent } = record;
  if (intent.status !== "succeeded") {
    throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "payment_intent");
  }
  const remaining = intent.amount_received - record.amountRefunded;
  if (remaining <= 0) {
    throw new StripeApiError(400, { message: `Charge ${intent.latest_charge} has already been refunded.`, code: "charge_already_refunded" });
  }
  const amount = readInteger(params.amount, "amount", { min: 1 }) ?? remaining;
  if (amount > remaining) {
    throw invalid(`Refund amount (${formatMoney(amount, intent.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, intent.currency)})`, "amount");
  }
  const reason = readString(params.reason, "reason") ?? null;
  if (reason !== null && !REASONS.includes(reason)) {
    throw invalid(`Invalid reason: must be one of ${REASONS.join(", ")}`, "reason");
  }
  const metadata = readMetadata(params.metadata, "metadata");
  record.amountRefunded += amount;
  return {
    id: randomId("re_"),
    object: "refund",
    amount,
    charge: intent.latest_charge,
    currency: intent.currency,
    payment_intent: intent.id,
    status: "succeeded",
    reason,
    metadata,
    created: Math.floor(nowMs / 1000),
  };
}

/**
 * @param {FormObject} params
 * @param {Map<string, PaymentRecord>} payments
 */
function findPayment(params, payments) {
  const paymentIntentId = readString(params.payment_intent, "payment_intent");
  const chargeId = readString(params.charge, "charge");
  if (paymentIntentId !== undefined && chargeId !== undefined) {
    throw invalid("You can only pass one of payment_intent or charge.", "charge", "parameters_exclusive");
  }
  if (paymentIntentId !== undefined) {
    const record = payments.get(paymentIntentId);
    if (!record) throw noSuch("payment_intent", paymentIntentId, "payment_intent");
    return record;
  }
  if (chargeId !== undefined) {
    const record = [...payments.values()].find(({ intent }) => intent.latest_charge === chargeId);
    if (!record) throw noSuch("charge", chargeId, "charge");
    return record;
  }
  throw invalid("One of the following params should be provided for this request: payment_intent or charge.", "payment_intent", "parameter_missing");
}
