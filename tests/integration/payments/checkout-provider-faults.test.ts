// Webhook chaos, part 3 (issue 36): the payment provider answering 500, or never answering,
// while a Checkout Session (or an identity check's session) is being created, for every route
// that opens one. The patient gets a 502 with a message they can act on; nothing is left half
// written (no place or stock held, nothing marked paid, no second pending record); a retry
// afterwards opens exactly one session at the provider for its record, and nothing is charged twice.
import { randomInt } from "node:crypto";
import { POST as startIdentity } from "@/app/api/identity/verification/route";
import { POST as prescriptionPay } from "@/app/api/prescription/pay/route";
import { POST as planRoute } from "@/app/api/prescriptions/[id]/plan/route";
import { POST as subscribe } from "@/app/api/subscribe/route";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { passAssessment } from "@/tests/factories/assessment";
import { freshSlot, payForSlot } from "@/tests/factories/booking";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { answerQuestionnaire } from "@/tests/factories/questionnaire";
import { createUser, signIn } from "@/tests/factories/user";
import { addToCart, checkout, createTestProduct, guestShopper } from "@/tests/integration/orders/support/shop";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";

const sandbox = sandboxForThisFile();

// The app's client waits 20 s for an answer and tries 3 times (stripe-client.ts); a test that
// lets every attempt time out shortens the wait, not the number of attempts.
const CLIENT_TIMEOUT_MS = 20_000;
const TEST_TIMEOUT_MS = 700;
const setClientTimeout = (ms: number) => (stripe() as unknown as { _setApiField(key: string, value: unknown): void })._setApiField("timeout", ms);
beforeAll(() => setClientTimeout(TEST_TIMEOUT_MS));
afterAll(() => setClientTimeout(CLIENT_TIMEOUT_MS));
afterEach(() => sandbox.clearFaults());

const address = () => ({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

/**
 * What the patient holds with us and at the provider: `holding` counts records that keep
 * something for them (a place, stock, an open checkout), `paid` anything marked paid or
 * started, `sessions` the provider's sessions made for the records they hold, `open` those
 * still payable. `strays`: sessions still open at the provider for records given back after a
 * failed start (a lost answer made them; nobody was sent to them).
 */
type Ledger = { holding: number; paid: number; sessions: number; open: number; strays: string[]; extra?: Record<string, unknown> };
type Attempt = { status: number; body: { message?: string; url?: string } };
type Route = { name: string; providerPath: string; prepare(): Promise<{ attempt(): Promise<Attempt>; ledger(): Promise<Ledger> }> };

/** The provider's sessions for the payments of records the patient holds, and the open ones of records given back. */
function sessionsOf(held: string[], givenBack: string[]) {
  const sessions = sandbox.sessions().filter((session) => held.includes(session.client_reference_id ?? ""));
  const strays = sandbox.sessions().filter((session) => givenBack.includes(session.client_reference_id ?? "") && session.status === "open");
  return { sessions: sessions.length, open: sessions.filter((session) => session.status === "open").length, strays: strays.map((session) => session.id) };
}

function subscriptionSessionsOf(userId: string) {
  const sessions = sandbox.sessions().filter((session) => session.mode === "subscription" && session.metadata?.user_id === userId);
  return { sessions: sessions.length, open: sessions.filter((session) => session.status === "open").length, strays: [] };
}

const CHECKOUT = "/v1/checkout/sessions";

const routes: Route[] = [
  {
    name: "POST /api/consultations/pay (consultation booking)",
    providerPath: CHECKOUT,
    async prepare() {
      const slot = await freshSlot();
      const guestId = makeGuestId();
      const email = uniqueEmail("fault-booking");
      const headers = address();
      return {
        attempt: () => payForSlot(slot, { guestId, email, type: "doctor-consultation", headers }),
        async ledger() {
          const bookings = await db.consultationBooking.findMany({ where: { clientEmail: email }, select: { status: true, holdExpiresAt: true, paymentId: true, payment: { select: { status: true } } } });
          const holding = bookings.filter((booking) => booking.status === "PENDING_PAYMENT" && booking.holdExpiresAt! > new Date()).length;
          const paid = bookings.filter((booking) => booking.status === "CONFIRMED" || booking.payment?.status === "PAID").length;
          const isHeld = (booking: (typeof bookings)[number]) => booking.status === "PENDING_PAYMENT" || booking.status === "CONFIRMED";
          return { holding, paid, ...sessionsOf(bookings.filter(isHeld).map((b) => b.paymentId!), bookings.filter((b) => !isHeld(b)).map((b) => b.paymentId!)) };
        },
      };
    },
  },
  {
    name: "POST /api/prescription/pay (prescription request)",
    providerPath: CHECKOUT,
    async prepare() {
      const user = await createUser();
      const { cookies } = await signIn(user);
      const headers = address();
      const questionnaireId = await answerQuestionnaire({ cookies, headers });
      return {
        attempt: () => call(prescriptionPay, "/api/prescription/pay", { json: { price: 19.99, questionnaire_id: questionnaireId }, cookies, headers }),
        async ledger() {
          const requests = await db.prescriptionRequest.findMany({ where: { responseId: questionnaireId }, select: { status: true, paymentId: true, payment: { select: { status: true } } } });
          const holding = requests.filter((request) => request.status === "PENDING_PAYMENT").length;
          const paid = requests.filter((request) => request.status !== "PENDING_PAYMENT" && request.status !== "CANCELLED").length + requests.filter((request) => request.payment.status === "PAID").length;
          const isHeld = (request: (typeof requests)[number]) => request.status !== "CANCELLED";
          return { holding, paid, ...sessionsOf(requests.filter(isHeld).map((r) => r.paymentId), requests.filter((r) => !isHeld(r)).map((r) => r.paymentId)) };
        },
      };
    },
  },
  {
    name: "POST /api/checkout (cart order)",
    providerPath: CHECKOUT,
    async prepare() {
      const product = await createTestProduct({ pricePence: 1500, stockQuantity: 4 });
      const shopper = guestShopper();
      const added = await addToCart(shopper, { product_slug: product.slug, quantity: 1 });
      if (added.status !== 201) throw new Error(`add: ${added.status}`);
      return {
        attempt: () => checkout(shopper),
        async ledger() {
          const orders = await db.order.findMany({ where: { email: shopper.email }, select: { status: true, paymentId: true, payment: { select: { status: true } } } });
          const { stockQuantity } = await db.product.findUniqueOrThrow({ where: { id: product.id }, select: { stockQuantity: true } });
          const holding = orders.filter((order) => order.status === "PENDING_PAYMENT").length;
          const paid = orders.filter((order) => order.payment?.status === "PAID").length;
          const isHeld = (order: (typeof orders)[number]) => order.status !== "CANCELLED";
          return { holding, paid, ...sessionsOf(orders.filter(isHeld).map((o) => o.paymentId!), orders.filter((o) => !isHeld(o)).map((o) => o.paymentId!)), extra: { stockHeld: 4 - stockQuantity! } };
        },
      };
    },
  },
  {
    name: "POST /api/subscribe (treatment subscription)",
    providerPath: CHECKOUT,
    async prepare() {
      const user = await createUser();
      const { cookies } = await signIn(user);
      const caller = { cookies, headers: address() };
      await passAssessment("minoxidil", caller);
      const plan = await db.plan.findUniqueOrThrow({ where: { slug: "minoxidil-1-month" } });
      return {
        attempt: () => call(subscribe, "/api/subscribe", { json: { plan_id: plan.id }, ...caller }),
        async ledger() {
          const holding = await db.subscriptionCheckout.count({ where: { userId: user.id, status: "OPEN" } });
          const paid = await db.subscription.count({ where: { userId: user.id } });
          return { holding, paid, ...subscriptionSessionsOf(user.id) };
        },
      };
    },
  },
  {
    name: "POST /api/prescriptions/{id}/plan (an issued prescription's plan)",
    providerPath: CHECKOUT,
    async prepare() {
      const user = await createUser();
      const issued = await createIssuedPrescription({ userId: user.id, planSlug: "prescription-3-months" });
      const { cookies } = await signIn(user);
      const headers = address();
      return {
        attempt: () => call(planRoute, `/api/prescriptions/${issued.requestId}/plan`, { json: {}, params: { id: issued.requestId }, cookies, headers }),
        async ledger() {
          const holding = await db.subscriptionCheckout.count({ where: { userId: user.id, status: "OPEN" } });
          const paid = await db.subscription.count({ where: { userId: user.id } });
          const sessions = sandbox.sessions().filter((session) => session.mode === "subscription" && JSON.stringify(session.metadata).includes(issued.prescriptionId));
          return { holding, paid, sessions: sessions.length, open: sessions.filter((session) => session.status === "open").length, strays: [] };
        },
      };
    },
  },
  {
    name: "POST /api/identity/verification (identity check)",
    providerPath: "/v1/identity/verification_sessions",
    async prepare() {
      const user = await createUser();
      const { cookies } = await signIn(user);
      return {
        attempt: () => call(startIdentity, "/api/identity/verification", { method: "POST", json: {}, cookies }),
        async ledger() {
          const rows = await db.identityVerification.findMany({ where: { userId: user.id }, select: { providerSessionId: true, status: true } });
          const sessions = rows.map((row) => sandbox.verificationSession(row.providerSessionId)).filter(Boolean);
          return {
            holding: rows.filter((row) => row.status === "REQUIRES_INPUT").length,
            paid: rows.filter((row) => row.status === "VERIFIED").length,
            sessions: sessions.length,
            open: sessions.filter((session) => session!.status === "requires_input").length,
            strays: [],
          };
        },
      };
    },
  },
];

const withoutExtra = (ledger: Ledger): Omit<Ledger, "extra"> => {
  const copy = { ...ledger };
  delete copy.extra;
  return copy;
};

/** A 502 the patient can act on: what failed and to try again, no provider internals. */
function expectActionableFailure(failed: Attempt) {
  expect(failed.status).toBe(502);
  expect(failed.body.message).toMatch(/^We could not start the (payment|identity check): .+ Please try again\.$/);
  expect(failed.body.message).not.toMatch(/sandbox|api_error|ECONN|\d{3,}ms|cs_test_|sk_/i);
}

describe.each(routes)("$name", (route) => {
  const requests = () => sandbox.apiRequests("POST", route.providerPath);

  it("provider answers 500 once: the client's retry absorbs it, one session, the patient never knows", async () => {
    const patient = await route.prepare();
    sandbox.failNext({ path: route.providerPath, kind: "error" });
    const before = requests();
    const res = await patient.attempt();
    expect(res.status).toBe(200);
    expect(requests() - before).toBe(2);
    expect(withoutExtra(await patient.ledger())).toEqual({ holding: 1, paid: 0, sessions: 1, open: 1, strays: [] });
  });

  it("provider answers 500 to every attempt: 502 with a message to act on, nothing held, then a retry opens exactly one session", async () => {
    const patient = await route.prepare();
    const before = await patient.ledger();
    sandbox.failNext({ path: route.providerPath, times: 3, kind: "error" });
    const failed = await patient.attempt();
    expectActionableFailure(failed);
    const afterFailure = await patient.ledger();
    expect(afterFailure.paid).toBe(0);
    expect(afterFailure.sessions).toBe(0);
    expect(afterFailure.extra ?? {}).toEqual(route.name.includes("cart") ? { stockHeld: 0 } : {});
    // Nothing is held for a checkout that does not exist, except a record the retry reuses (never a second).
    expect(afterFailure.holding).toBeLessThanOrEqual(withoutExtra(before).holding + (holdsForRetry(route) ? 1 : 0));

    const retried = await patient.attempt();
    expect(retried.status).toBe(200);
    expect(withoutExtra(await patient.ledger())).toEqual({ holding: 1, paid: 0, sessions: 1, open: 1, strays: [] });
    // Asked again (a double click after the retry), it is the same session.
    expect((await patient.attempt()).body.url).toBe(retried.body.url);
    expect(withoutExtra(await patient.ledger())).toMatchObject({ holding: 1, sessions: 1, open: 1 });
  });

  it("provider answers 500 to every attempt and the patient comes back ten minutes later: the retry opens exactly one session", async () => {
    const patient = await route.prepare();
    const startedAt = new Date();
    sandbox.failNext({ path: route.providerPath, times: 3, kind: "error" });
    expect((await patient.attempt()).status).toBe(502);
    // Ten minutes on: what our records say about the unopened checkout's time has moved with the clock.
    await db.payment.updateMany({ where: { createdAt: { gte: startedAt }, checkoutSessionId: null }, data: { expiresAt: new Date(Date.now() + 21 * 60_000) } });
    const retried = await patient.attempt();
    expect(retried.body.message ?? "").not.toMatch(/could not/);
    expect(retried.status).toBe(200);
    expect(withoutExtra(await patient.ledger())).toEqual({ holding: 1, paid: 0, sessions: 1, open: 1, strays: [] });
  });

  it("provider never answers (every attempt times out): 502, nothing held, and the retry gets the one session the lost answer made", async () => {
    const patient = await route.prepare();
    sandbox.failNext({ path: route.providerPath, times: 3, kind: "timeout" });
    const failed = await patient.attempt();
    expectActionableFailure(failed);
    const afterFailure = await patient.ledger();
    expect(afterFailure.paid).toBe(0);
    if (route.name.includes("cart")) expect(afterFailure.extra).toEqual({ stockHeld: 0 });
    expect(afterFailure.holding).toBeLessThanOrEqual(holdsForRetry(route) ? 1 : 0);

    const retried = await patient.attempt();
    expect(retried.status).toBe(200);
    // One session at the provider for the record the patient holds: the page they were sent to.
    const after = await patient.ledger();
    expect(withoutExtra({ ...after, strays: [] })).toEqual({ holding: 1, paid: 0, sessions: 1, open: 1, strays: [] });
    // A record given back after the failed start may have a session the lost answer made (the
    // retry opened a new record, with a key of its own). Nobody was sent to it; paid all the
    // same, the money goes straight back and nothing is fulfilled twice.
    expect(after.strays.length).toBeLessThanOrEqual(holdsForRetry(route) || route.providerPath !== CHECKOUT ? 0 : 1);
    for (const stray of after.strays) {
      await sandbox.pay(stray);
      const payment = await db.payment.findUniqueOrThrow({ where: { checkoutSessionId: stray } });
      expect(payment.status).toBe("REFUNDED");
      expect(sandbox.refunds().filter((refund) => refund.payment_intent === payment.paymentIntentId)).toHaveLength(1);
    }
    expect(withoutExtra({ ...(await patient.ledger()), strays: [] })).toEqual({ holding: 1, paid: 0, sessions: 1, open: 1, strays: [] });
  });
});

/** Routes whose record survives a failed start and is reused by the retry (same record, same idempotency key). */
function holdsForRetry(route: Route): boolean {
  return route.name.includes("prescription request");
}
