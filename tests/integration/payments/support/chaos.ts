// Shared by the webhook chaos tests (issue 36): every kind of purchase opened through its own
// API as a patient opens it, signed webhook deliveries that can be repeated, reordered and made
// days late, and a read of everything a purchase may have written (record, payment, emails,
// jobs, stock, the provider's sessions and refunds) to compare before and after.
import fs from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { POST as prescriptionPay } from "@/app/api/prescription/pay/route";
import { POST as subscribe } from "@/app/api/subscribe/route";
import { POST as startIdentity } from "@/app/api/identity/verification/route";
import "@/lib/server/plugins";
import { webhookEventHandler } from "@/lib/server/services/payments/webhook-events";
import type { Actor } from "@/lib/server/core/actor/types";
import type { CheckoutReturn, CheckoutReturnInput } from "@/lib/server/services/payments/confirm-checkout-return";
import { confirmBookingReturn } from "@/lib/server/booking/confirm-booking-return";
import { confirmOrderPayment } from "@/lib/server/orders/confirm-order-payment";
import { confirmPrescriptionPayment } from "@/lib/server/prescriptions/confirm-prescription-payment";
import type { SandboxDelivery } from "@/stripe-sandbox/server.mjs";
import { guestActor, patientActor } from "@/tests/factories/actor";
import { passAssessment } from "@/tests/factories/assessment";
import { freshSlot, payForSlot } from "@/tests/factories/booking";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";
import { answerQuestionnaire } from "@/tests/factories/questionnaire";
import { createUser, signIn } from "@/tests/factories/user";
import { addToCart, checkout, createTestProduct, guestShopper } from "@/tests/integration/orders/support/shop";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook } from "@/tests/support/stripe-sandbox";

type Sandbox = {
  sessions(): { id: string; client_reference_id: string | null }[];
  refunds(): { payment_intent: string }[];
};

/**
 * Every Stripe event type the webhook acts on, read from the code rather than copied: each
 * string literal shaped like an event type in lib/server, kept when the webhook (with every
 * domain's plug-ins loaded) has a handler for it.
 */
export function handledEventTypes(): string[] {
  const root = path.join(process.cwd(), "lib/server");
  const files = fs.readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  const literals = new Set<string>();
  for (const file of files) {
    for (const match of fs.readFileSync(path.join(root, file), "utf8").matchAll(/["']([a-z_]+(?:\.[a-z_]+)+)["']/g)) literals.add(match[1]!);
  }
  return [...literals].filter((type) => webhookEventHandler(type) !== undefined).sort();
}

// ----- Signed deliveries ---------------------------------------------------------------------

const signer = new Stripe("sk_test_signing_only");
let eventCounter = 0;

/** A delivery of this event as Stripe sends it: the exact body, signed now with our endpoint's secret. */
function signedDelivery(event: SandboxDelivery["event"] | Record<string, unknown>): SandboxDelivery {
  const payload = JSON.stringify(event, null, 2);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
  return { payload, signature, event: event as SandboxDelivery["event"] };
}

/**
 * Another event made from a delivered one (a new id unless given), re-signed now: another type,
 * an older `created` (days late), or its object changed (an expired copy of a completed session).
 */
export function variantOf(
  delivery: SandboxDelivery,
  change: { type?: string; createdSecondsAgo?: number; object?: Record<string, unknown>; keepId?: boolean },
): SandboxDelivery {
  const event = JSON.parse(delivery.payload) as Record<string, unknown> & { data: { object: Record<string, unknown> } };
  return signedDelivery({
    ...event,
    id: change.keepId ? event.id : `evt_chaos_${Date.now().toString(36)}_${(eventCounter++).toString(36)}`,
    ...(change.type ? { type: change.type } : {}),
    ...(change.createdSecondsAgo !== undefined ? { created: Math.floor(Date.now() / 1000) - change.createdSecondsAgo } : {}),
    data: { object: { ...event.data.object, ...change.object } },
  });
}

/** Delivers to POST /api/webhooks/stripe; the answer's status and body. */
export async function deliver(delivery: SandboxDelivery): Promise<{ status: number; result: unknown }> {
  const res = await deliverWebhook(delivery.payload, delivery.signature);
  return { status: res.status, result: res.body?.result };
}

/** Delivers one after another, in the order given; every answer must be 2xx. */
export async function deliverInOrder(deliveries: SandboxDelivery[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const delivery of deliveries) statuses.push((await deliver(delivery)).status);
  return statuses;
}

export const DAY_SECONDS = 86_400;

// ----- Purchases -----------------------------------------------------------------------------

/** A one-off purchase whose checkout is open (not paid): what its tests need to drive and read it. */
export type OneOffPurchase = {
  kind: "booking" | "prescription" | "order";
  sessionId: string;
  paymentId: string;
  owner: Actor;
  email: string;
  confirm: (input: CheckoutReturnInput) => Promise<CheckoutReturn<unknown>>;
  /** Everything the purchase may have written, without ids, to compare between deliveries. */
  state(): Promise<PurchaseState>;
};

export type PurchaseState = {
  record: string;
  /** How many records of this kind the patient has (a second booking, request or order would show here). */
  records: number;
  payment: string;
  payments: number;
  emails: string[];
  jobs: number;
  sessions: number;
  refunds: number;
  extra: Record<string, unknown>;
};

async function paymentOf(sessionId: string) {
  return db.payment.findUniqueOrThrow({ where: { checkoutSessionId: sessionId }, select: { id: true, status: true, paymentIntentId: true } });
}

/** Jobs queued for any of these ids (an email's delivery, an overdue alert, a reminder). */
async function jobsFor(ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pgboss.job WHERE data::text ~ $1`, ids.map((id) => id.replace(/[^0-9a-z-]/gi, "")).join("|"));
  return rows[0]?.n ?? 0;
}

async function emailsTo(address: string) {
  return db.outboxEmail.findMany({ where: { toAddress: address }, orderBy: { createdAt: "asc" }, select: { id: true, subject: true } });
}

async function commonState(sandbox: Sandbox, sessionId: string, email: string, recordId: string) {
  const payment = await paymentOf(sessionId);
  const emails = await emailsTo(email);
  return {
    payment: payment.status,
    emails: emails.map((mail) => mail.subject),
    jobs: await jobsFor([recordId, payment.id, ...emails.map((mail) => mail.id)]),
    sessions: sandbox.sessions().filter((session) => session.client_reference_id === payment.id).length,
    refunds: payment.paymentIntentId ? sandbox.refunds().filter((refund) => refund.payment_intent === payment.paymentIntentId).length : 0,
  };
}

export const openPurchase: Record<OneOffPurchase["kind"], (sandbox: Sandbox) => Promise<OneOffPurchase>> = {
  async booking(sandbox) {
    const guestId = makeGuestId();
    const email = uniqueEmail("chaos-booking");
    const res = await payForSlot(await freshSlot(), { guestId, email, type: "doctor-consultation" });
    if (res.status !== 200) throw new Error(`pay: ${res.status} ${JSON.stringify(res.body)}`);
    const sessionId = res.body.sessionId as string;
    const paymentId = (await paymentOf(sessionId)).id;
    return {
      kind: "booking",
      sessionId,
      paymentId,
      owner: guestActor(guestId),
      email,
      confirm: confirmBookingReturn,
      async state() {
        const booking = await db.consultationBooking.findFirstOrThrow({ where: { paymentId }, select: { id: true, status: true, slotId: true } });
        const taken = await db.consultationBooking.count({ where: { slotId: booking.slotId, status: "CONFIRMED" } });
        return {
          record: booking.status,
          records: await db.consultationBooking.count({ where: { clientEmail: email } }),
          payments: await db.payment.count({ where: { booking: { clientEmail: email } } }),
          ...(await commonState(sandbox, sessionId, email, booking.id)),
          extra: { confirmedInSlot: taken },
        };
      },
    };
  },
  async prescription(sandbox) {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const headers = { "x-forwarded-for": `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
    const questionnaireId = await answerQuestionnaire({ cookies, headers });
    const res = await call(prescriptionPay, "/api/prescription/pay", { json: { price: 19.99, questionnaire_id: questionnaireId }, cookies, headers });
    if (res.status !== 200) throw new Error(`pay: ${res.status} ${JSON.stringify(res.body)}`);
    const sessionId = res.body.id as string;
    const paymentId = (await paymentOf(sessionId)).id;
    return {
      kind: "prescription",
      sessionId,
      paymentId,
      owner: patientActor(user),
      email: user.email,
      confirm: confirmPrescriptionPayment,
      async state() {
        const request = await db.prescriptionRequest.findFirstOrThrow({ where: { paymentId }, select: { id: true, status: true, dueAt: true } });
        return {
          record: request.status,
          records: await db.prescriptionRequest.count({ where: { responseId: questionnaireId } }),
          payments: await db.payment.count({ where: { prescriptionRequest: { responseId: questionnaireId } } }),
          ...(await commonState(sandbox, sessionId, user.email, request.id)),
          extra: { due: request.dueAt !== null },
        };
      },
    };
  },
  async order(sandbox) {
    const product = await createTestProduct({ pricePence: 1200, stockQuantity: 5 });
    const shopper = guestShopper();
    const added = await addToCart(shopper, { product_slug: product.slug, quantity: 2 });
    if (added.status !== 201) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
    const res = await checkout(shopper);
    if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
    const sessionId = res.body.sessionId as string;
    const paymentId = (await paymentOf(sessionId)).id;
    return {
      kind: "order",
      sessionId,
      paymentId,
      owner: guestActor(shopper.cookies.guest_id!),
      email: shopper.email,
      confirm: confirmOrderPayment,
      async state() {
        const order = await db.order.findFirstOrThrow({ where: { paymentId }, select: { id: true, status: true, _count: { select: { events: true } } } });
        const stock = await db.product.findUniqueOrThrow({ where: { id: product.id }, select: { stockQuantity: true } });
        return {
          record: order.status,
          records: await db.order.count({ where: { email: shopper.email } }),
          payments: await db.payment.count({ where: { order: { email: shopper.email } } }),
          ...(await commonState(sandbox, sessionId, shopper.email, order.id)),
          extra: { stock: stock.stockQuantity, orderEvents: order._count.events },
        };
      },
    };
  },
};

export const ONE_OFF_KINDS = Object.keys(openPurchase) as OneOffPurchase["kind"][];

// What each outcome leaves, once: the checks every chaos test applies after its deliveries.
export type OneOffCheck = (state: PurchaseState, purchase: OneOffPurchase) => void;

const PAID_RECORD: Record<OneOffPurchase["kind"], string> = { booking: "CONFIRMED", prescription: "SUBMITTED", order: "AWAITING_DISPATCH" };
const LAPSED_RECORD: Record<OneOffPurchase["kind"], string> = { booking: "EXPIRED", prescription: "CANCELLED", order: "CANCELLED" };
const REFUNDED_RECORD: Record<OneOffPurchase["kind"], string> = { booking: "CANCELLED", prescription: "CANCELLED", order: "REFUNDED" };

export const paidOnce: OneOffCheck = (state, purchase) => {
  expect(state).toMatchObject({ record: PAID_RECORD[purchase.kind], records: 1, payment: "PAID", payments: 1, sessions: 1, refunds: 0 });
  expect(state.emails).toHaveLength(1);
  // The confirmation's delivery job, and for a prescription request its overdue alert.
  expect(state.jobs).toBe(purchase.kind === "prescription" ? 2 : 1);
  if (purchase.kind === "booking") expect(state.extra).toEqual({ confirmedInSlot: 1 });
  if (purchase.kind === "order") expect(state.extra.stock).toBe(3);
};

export const lapsed =
  (payment: "FAILED" | "EXPIRED"): OneOffCheck =>
  (state, purchase) => {
    expect(state).toMatchObject({ record: LAPSED_RECORD[purchase.kind], records: 1, payment, payments: 1, sessions: 1, refunds: 0, emails: [], jobs: 0 });
    if (purchase.kind === "order") expect(state.extra.stock).toBe(5);
  };

export const refundedOnce: OneOffCheck = (state, purchase) => {
  expect(state).toMatchObject({ record: REFUNDED_RECORD[purchase.kind], records: 1, payment: "REFUNDED", payments: 1, sessions: 1, refunds: 1 });
  // The confirmation, then one email saying it was withdrawn and refunded.
  expect(state.emails).toHaveLength(2);
  if (purchase.kind === "booking") expect(state.extra).toEqual({ confirmedInSlot: 0 });
};


// ----- Subscriptions -------------------------------------------------------------------------

export type SubscriptionPurchase = {
  user: Awaited<ReturnType<typeof createUser>>;
  caller: { cookies: Record<string, string>; headers: Record<string, string> };
  sessionId: string;
  state(): Promise<Record<string, unknown>>;
};

/** A patient with a passed minoxidil assessment whose subscription checkout is open (not paid). */
export async function openSubscription(): Promise<SubscriptionPurchase> {
  const user = await createUser();
  const { cookies } = await signIn(user);
  const caller = { cookies, headers: { "x-forwarded-for": `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } };
  await passAssessment("minoxidil", caller);
  const plan = await db.plan.findUniqueOrThrow({ where: { slug: "minoxidil-1-month" } });
  const res = await call(subscribe, "/api/subscribe", { json: { plan_id: plan.id }, ...caller });
  if (res.status !== 200 || !res.body.sessionId) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  const sessionId = res.body.sessionId as string;
  return {
    user,
    caller,
    sessionId,
    async state() {
      const subscriptions = await db.subscription.findMany({
        where: { userId: user.id },
        select: { id: true, status: true, cancelAtPeriodEnd: true, collectionPaused: true, currentPeriodEnd: true, endedAt: true },
      });
      const orders = await db.order.findMany({ where: { userId: user.id }, select: { id: true, status: true, stripeInvoiceId: true }, orderBy: { createdAt: "asc" } });
      const checkoutRow = await db.subscriptionCheckout.findUnique({ where: { checkoutSessionId: sessionId }, select: { status: true } });
      const emails = await emailsTo(user.email);
      return {
        subscriptions: subscriptions.map((row) => ({ status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd, collectionPaused: row.collectionPaused, currentPeriodEnd: row.currentPeriodEnd, endedAt: row.endedAt })),
        orders: orders.map((order) => order.status),
        invoices: new Set(orders.map((order) => order.stripeInvoiceId)).size,
        checkout: checkoutRow?.status ?? null,
        emails: emails.map((mail) => mail.subject),
        jobs: await jobsFor([...subscriptions.map((row) => row.id), ...orders.map((order) => order.id), ...emails.map((mail) => mail.id)]),
      };
    },
  };
}

// ----- Identity ------------------------------------------------------------------------------

/** A signed-in patient who has opened an identity check at the provider. */
export async function openIdentityCheck() {
  const user = await createUser();
  const { cookies } = await signIn(user);
  const res = await call(startIdentity, "/api/identity/verification", { method: "POST", json: {}, cookies });
  if (res.status !== 200) throw new Error(`identity: ${res.status} ${JSON.stringify(res.body)}`);
  const sessionId = String(res.body.url).split("/").at(-1)!;
  return {
    user,
    cookies,
    sessionId,
    async state() {
      const rows = await db.identityVerification.findMany({ where: { userId: user.id }, select: { id: true, status: true, lastErrorCode: true, firstName: true, documentHash: true } });
      const audits = await db.auditEvent.count({ where: { subjectId: { in: rows.map((row) => row.id) } } });
      return { rows: rows.map((row) => ({ status: row.status, lastErrorCode: row.lastErrorCode, firstName: row.firstName, documentHash: row.documentHash })), audits };
    },
  };
}
