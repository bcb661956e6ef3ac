// Webhook chaos, part 1 (issue 36): every event type the webhook acts on, for each kind of
// purchase that produces it, delivered twice and ten times one after another, and ten times
// all at once. Each ends in one record, one transition, one payment, one email or job where one
// is due, and every delivery is answered 2xx. Order and lateness: webhook-chaos-order.test.ts;
// the provider failing while a checkout opens: checkout-provider-faults.test.ts.
import { POST as cancelRoute } from "@/app/api/subscriptions/[id]/cancel/route";
import { POST as pauseRoute } from "@/app/api/subscriptions/[id]/pause/route";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import type { SandboxDelivery } from "@/stripe-sandbox/server.mjs";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import {
  deliver,
  deliverInOrder,
  handledEventTypes,
  ONE_OFF_KINDS,
  openIdentityCheck,
  openPurchase,
  openSubscription,
  lapsed,
  paidOnce,
  refundedOnce,
  variantOf,
  type OneOffCheck,
  type PurchaseState,
  type OneOffPurchase,
  type SubscriptionPurchase,
} from "./support/chaos";
import { heldSandboxForThisFile, only } from "./support/held-sandbox";

const { sandbox, heldDuring } = heldSandboxForThisFile();

/** What one case makes: the events the provider emitted (held), the one under test, and a read of everything written. */
type Made = { deliveries: SandboxDelivery[]; target: SandboxDelivery; state: () => Promise<unknown>; check: (state: never) => void };
type Case = { purchase: string; make: () => Promise<Made> };

const ok = (statuses: number[]) => statuses.every((status) => status >= 200 && status < 300);

// ----- One-off purchases (booking, prescription request, cart order) ---------------------------

function oneOff(kind: OneOffPurchase["kind"], type: string, produce: (purchase: OneOffPurchase) => Promise<SandboxDelivery[]>, check: OneOffCheck): Case {
  return {
    purchase: kind,
    async make() {
      const purchase = await openPurchase[kind](sandbox);
      const deliveries = await produce(purchase);
      return { deliveries, target: only(deliveries, type), state: purchase.state, check: ((state: PurchaseState) => check(state, purchase)) as (state: never) => void };
    },
  };
}

const pay = (purchase: OneOffPurchase) => heldDuring(() => sandbox.pay(purchase.sessionId));
const settle = (outcome: "succeeded" | "failed") => (purchase: OneOffPurchase) =>
  heldDuring(async () => {
    await sandbox.pay(purchase.sessionId, { paymentStatus: "unpaid" });
    await sandbox.settle(purchase.sessionId, outcome);
  });
const expire = (purchase: OneOffPurchase) => heldDuring(() => sandbox.expire(purchase.sessionId));
/** Paid (delivered as it happens), then refunded in full outside our flows: staff in the Stripe Dashboard. */
async function refundInDashboard(purchase: OneOffPurchase) {
  await sandbox.pay(purchase.sessionId);
  const { paymentIntentId } = await db.payment.findUniqueOrThrow({ where: { id: purchase.paymentId } });
  return heldDuring(() => stripe().refunds.create({ payment_intent: paymentIntentId! }));
}

// ----- Subscriptions (first payment and renewals) ----------------------------------------------

type SubscriptionState = Awaited<ReturnType<SubscriptionPurchase["state"]>> & { subscriptions: { status: string }[]; orders: string[]; emails: string[] };

function subscription(purchase: string, type: string, produce: (opened: SubscriptionPurchase) => Promise<SandboxDelivery[]>, check: (state: SubscriptionState) => void): Case {
  return {
    purchase,
    async make() {
      const opened = await openSubscription();
      const deliveries = await produce(opened);
      return { deliveries, target: only(deliveries, type), state: opened.state, check: check as (state: never) => void };
    },
  };
}

const stripeSubscriptionOf = (opened: SubscriptionPurchase) => sandbox.session(opened.sessionId)!.subscription!;

/** Subscribed and paid, every webhook delivered as it happened, then `prepare` (live too); then the action, its events held. */
async function afterSubscribing(opened: SubscriptionPurchase, action: (stripeId: string) => Promise<unknown>, prepare?: (subscriptionId: string) => Promise<void>) {
  await sandbox.pay(opened.sessionId);
  const row = await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: stripeSubscriptionOf(opened) } });
  if (prepare) await prepare(row.id);
  return heldDuring(() => action(row.stripeSubscriptionId));
}

const subscribedOnce = (state: SubscriptionState) => {
  expect(state).toMatchObject({ subscriptions: [{ status: "ACTIVE", cancelAtPeriodEnd: false }], orders: ["AWAITING_PHARMACIST"], invoices: 1, checkout: "COMPLETED" });
  expect(state.emails.filter((subject) => subject.startsWith("Thank you for your order"))).toHaveLength(1);
};
const renewedOnce = (state: SubscriptionState) => {
  expect(state).toMatchObject({ subscriptions: [{ status: "ACTIVE" }], orders: ["AWAITING_PHARMACIST", "AWAITING_PHARMACIST"], invoices: 2 });
  expect(state.emails.filter((subject) => subject.startsWith("Thank you for your order"))).toHaveLength(2);
};

const firstPayment = (type: string) => subscription("subscription", type, (opened) => heldDuring(() => sandbox.pay(opened.sessionId)), subscribedOnce);
const renewal = (type: string) => subscription("subscription renewal", type, (opened) => afterSubscribing(opened, (stripeId) => sandbox.renew(stripeId)), renewedOnce);

// ----- Identity checks ---------------------------------------------------------------------------

type IdentityState = { rows: { status: string; lastErrorCode: string | null }[]; audits: number };

function identity(type: string, produce: (sessionId: string) => Promise<SandboxDelivery[]>, check: (state: IdentityState) => void): Case {
  return {
    purchase: "identity check",
    async make() {
      const opened = await openIdentityCheck();
      const deliveries = await produce(opened.sessionId);
      return { deliveries, target: only(deliveries, type), state: opened.state, check: check as (state: never) => void };
    },
  };
}

const DOCUMENT = { firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" };

// ----- The table: every handled event type, for each purchase that produces it -------------------

const cases: Record<string, Case[]> = {
  "checkout.session.completed": [...ONE_OFF_KINDS.map((kind) => oneOff(kind, "checkout.session.completed", pay, paidOnce)), firstPayment("checkout.session.completed")],
  "checkout.session.async_payment_succeeded": ONE_OFF_KINDS.map((kind) => oneOff(kind, "checkout.session.async_payment_succeeded", settle("succeeded"), paidOnce)),
  "checkout.session.async_payment_failed": ONE_OFF_KINDS.map((kind) => oneOff(kind, "checkout.session.async_payment_failed", settle("failed"), lapsed("FAILED"))),
  "checkout.session.expired": [
    ...ONE_OFF_KINDS.map((kind) => oneOff(kind, "checkout.session.expired", expire, lapsed("EXPIRED"))),
    subscription("subscription", "checkout.session.expired", (opened) => heldDuring(() => sandbox.expire(opened.sessionId)), (state) =>
      expect(state).toMatchObject({ subscriptions: [], orders: [], checkout: "EXPIRED", emails: [], jobs: 0 }),
    ),
  ],
  "charge.refunded": ONE_OFF_KINDS.map((kind) => oneOff(kind, "charge.refunded", refundInDashboard, refundedOnce)),
  "customer.subscription.created": [firstPayment("customer.subscription.created")],
  "invoice.paid": [firstPayment("invoice.paid"), renewal("invoice.paid")],
  "customer.subscription.updated": [renewal("customer.subscription.updated")],
  "invoice.payment_failed": [
    subscription("subscription renewal", "invoice.payment_failed", (opened) => afterSubscribing(opened, (stripeId) => sandbox.renew(stripeId, { outcome: "failed" })), (state) => {
      expect(state).toMatchObject({ subscriptions: [{ status: "PAST_DUE" }], orders: ["AWAITING_PHARMACIST"], invoices: 1 });
      expect(state.emails.filter((subject) => subject.startsWith("We could not take your"))).toHaveLength(1);
    }),
  ],
  "invoice.voided": [
    subscription(
      "paused subscription renewal",
      "invoice.voided",
      (opened) =>
        afterSubscribing(opened, (stripeId) => sandbox.renew(stripeId), async (id) => {
          expect((await call(pauseRoute, `/api/subscriptions/${id}/pause`, { method: "POST", params: { id }, ...opened.caller })).status).toBe(200);
        }),
      (state) => expect(state).toMatchObject({ subscriptions: [{ status: "ACTIVE", collectionPaused: true }], orders: ["AWAITING_PHARMACIST"], invoices: 1 }),
    ),
  ],
  "customer.subscription.deleted": [
    subscription(
      "subscription cancelled at period end",
      "customer.subscription.deleted",
      (opened) =>
        afterSubscribing(opened, (stripeId) => sandbox.renew(stripeId), async (id) => {
          expect((await call(cancelRoute, `/api/subscriptions/${id}/cancel`, { method: "POST", params: { id }, ...opened.caller })).status).toBe(200);
        }),
      (state) => {
        expect(state).toMatchObject({ subscriptions: [{ status: "CANCELED", endedAt: expect.any(Date) }], orders: ["AWAITING_PHARMACIST"], invoices: 1 });
      },
    ),
  ],
  "identity.verification_session.verified": [
    identity("identity.verification_session.verified", (id) => heldDuring(() => sandbox.verifyIdentity(id, { outcome: "verified", ...DOCUMENT })), (state) =>
      expect(state).toEqual({ rows: [expect.objectContaining({ status: "VERIFIED", firstName: "Alex", documentHash: expect.any(String) })], audits: 1 }),
    ),
  ],
  "identity.verification_session.requires_input": [
    identity("identity.verification_session.requires_input", (id) => heldDuring(() => sandbox.verifyIdentity(id, { outcome: "unreadable" })), (state) =>
      expect(state).toEqual({ rows: [expect.objectContaining({ status: "REQUIRES_INPUT", lastErrorCode: expect.any(String) })], audits: 1 }),
    ),
  ],
  // The sandbox never emits `processing` (its checks finish at once): this is the event Stripe
  // sends while a document is checked, for a session the patient has since completed. The
  // handler re-reads the session, so it records what the provider says now.
  "identity.verification_session.processing": [
    identity(
      "identity.verification_session.processing",
      async (id) => {
        const [verified] = await heldDuring(() => sandbox.verifyIdentity(id, { outcome: "verified", ...DOCUMENT }));
        return [variantOf(verified!, { type: "identity.verification_session.processing", object: { status: "processing" } })];
      },
      (state) => expect(state).toEqual({ rows: [expect.objectContaining({ status: "VERIFIED" })], audits: 1 }),
    ),
  ],
  "identity.verification_session.canceled": [
    identity("identity.verification_session.canceled", (id) => heldDuring(() => stripe().identity.verificationSessions.cancel(id)), (state) =>
      expect(state).toEqual({ rows: [expect.objectContaining({ status: "CANCELED" })], audits: 0 }),
    ),
  ],
};

describe("the table covers every event the webhook acts on", () => {
  it("has a case for each handled event type, read from the code, and no case for an event it ignores", () => {
    const handled = handledEventTypes();
    expect(handled.length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(cases).sort()).toEqual(handled);
  });
});

describe.each(Object.entries(cases).flatMap(([type, list]) => list.map((entry) => [type, entry.purchase, entry] as const)))("%s (%s)", (_type, _purchase, entry) => {
  it("delivered twice and then ten times in all, one after another: one record, one transition, every answer 2xx", async () => {
    const made = await entry.make();
    expect(ok(await deliverInOrder(made.deliveries))).toBe(true);
    const first = await made.state();
    made.check(first as never);
    expect((await deliver(made.target)).status).toBe(200);
    expect(await made.state()).toEqual(first);
    for (let n = 3; n <= 10; n++) expect((await deliver(made.target)).status).toBe(200);
    expect(await made.state()).toEqual(first);
  });

  it("every event of the purchase delivered ten times, all at once: the same single outcome", async () => {
    const made = await entry.make();
    const storm = made.deliveries.flatMap((delivery) => Array.from({ length: 10 }, () => delivery));
    const answers = await Promise.all(storm.map((delivery) => deliver(delivery)));
    expect(answers.map((answer) => answer.status)).toEqual(storm.map(() => 200));
    const after = await made.state();
    made.check(after as never);
    expect((await deliver(made.target)).status).toBe(200);
    expect(await made.state()).toEqual(after);
  });
});
