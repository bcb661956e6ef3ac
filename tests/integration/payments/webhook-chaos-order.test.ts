// Webhook chaos, part 2 (issue 36): events out of order and days late. Whatever order the
// provider's events arrive in, and however late, the final state is what the latest truth
// says (never regressed), with one record, one payment and one email. Part 1 (repeats):
// webhook-chaos.test.ts.
import { POST as pauseRoute } from "@/app/api/subscriptions/[id]/pause/route";
import { POST as resumeRoute } from "@/app/api/subscriptions/[id]/resume/route";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { confirmSubscriptionCheckout } from "@/lib/server/subscriptions/confirm-subscription-checkout";
import { newClientAddress } from "@/tests/factories/client-address";
import { patientActor } from "@/tests/factories/actor";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import {
  DAY_SECONDS,
  deliver,
  deliverInOrder,
  lapsed,
  ONE_OFF_KINDS,
  openIdentityCheck,
  openPurchase,
  openSubscription,
  paidOnce,
  refundedOnce,
  variantOf,
} from "./support/chaos";
import { heldSandboxForThisFile, only } from "./support/held-sandbox";

const { sandbox, heldDuring } = heldSandboxForThisFile();

const allOk = (statuses: number[]) => expect(statuses.every((status) => status >= 200 && status < 300)).toBe(true);

describe.each(ONE_OFF_KINDS)("a %s, events out of order", (kind) => {
  const open = () => openPurchase[kind](sandbox);

  it("checkout.session.expired arriving after completed (and days late) leaves it paid", async () => {
    const purchase = await open();
    const [completed] = await heldDuring(() => sandbox.pay(purchase.sessionId));
    allOk(await deliverInOrder([completed!]));
    const paid = await purchase.state();
    paidOnce(paid, purchase);
    const expired = variantOf(completed!, { type: "checkout.session.expired", object: { status: "expired", payment_status: "unpaid", url: null } });
    const lateExpired = variantOf(expired, { createdSecondsAgo: 3 * DAY_SECONDS });
    expect(await deliver(expired)).toEqual({ status: 200, result: "unchanged" });
    expect(await deliver(lateExpired)).toEqual({ status: 200, result: "unchanged" });
    expect(await purchase.state()).toEqual(paid);
  });

  it("async_payment_failed arriving after a paid completed leaves it paid", async () => {
    const purchase = await open();
    const [completed] = await heldDuring(() => sandbox.pay(purchase.sessionId));
    allOk(await deliverInOrder([completed!]));
    const paid = await purchase.state();
    const failed = variantOf(completed!, { type: "checkout.session.async_payment_failed", object: { payment_status: "unpaid" } });
    expect(await deliver(failed)).toEqual({ status: 200, result: "unchanged" });
    expect(await purchase.state()).toEqual(paid);
  });

  it("async_payment_succeeded before the completed (still settling) it follows: paid, not back to processing", async () => {
    const purchase = await open();
    const events = await heldDuring(async () => {
      await sandbox.pay(purchase.sessionId, { paymentStatus: "unpaid" });
      await sandbox.settle(purchase.sessionId, "succeeded");
    });
    allOk(await deliverInOrder([...events].reverse()));
    paidOnce(await purchase.state(), purchase);
  });

  it("async_payment_failed before the completed (still settling) it follows: failed, released, not processing", async () => {
    const purchase = await open();
    const events = await heldDuring(async () => {
      await sandbox.pay(purchase.sessionId, { paymentStatus: "unpaid" });
      await sandbox.settle(purchase.sessionId, "failed");
    });
    allOk(await deliverInOrder([...events].reverse()));
    lapsed("FAILED")(await purchase.state(), purchase);
  });

  it("charge.refunded (staff refunded in the Dashboard) arriving before completed: refunded and withdrawn, not left paid", async () => {
    const purchase = await open();
    const events = await heldDuring(async () => {
      await sandbox.pay(purchase.sessionId);
      await stripe().refunds.create({ payment_intent: sandbox.session(purchase.sessionId)!.payment_intent! });
    });
    const refunded = only(events, "charge.refunded");
    const completed = only(events, "checkout.session.completed");
    allOk(await deliverInOrder([refunded, completed]));
    const after = await purchase.state();
    refundedOnce(after, purchase);
    // The same two again, in either order: nothing more.
    allOk(await deliverInOrder([completed, refunded]));
    expect(await purchase.state()).toEqual(after);
  });

  it("charge.refunded and the completed it overtook, each ten times all at once: refunded once, withdrawn once", async () => {
    const purchase = await open();
    const events = await heldDuring(async () => {
      await sandbox.pay(purchase.sessionId);
      await stripe().refunds.create({ payment_intent: sandbox.session(purchase.sessionId)!.payment_intent! });
    });
    const storm = [only(events, "charge.refunded"), only(events, "checkout.session.completed")].flatMap((delivery) => Array.from({ length: 10 }, () => delivery));
    const answers = await Promise.all(storm.map((delivery) => deliver(delivery)));
    expect(answers.map((answer) => answer.status)).toEqual(storm.map(() => 200));
    refundedOnce(await purchase.state(), purchase);
  });
});

describe.each(ONE_OFF_KINDS)("a %s, events days late", (kind) => {
  const open = () => openPurchase[kind](sandbox);

  it("completed three days late, after the success-page return already did the work: one record, one payment, one email", async () => {
    const purchase = await open();
    const [completed] = await heldDuring(() => sandbox.pay(purchase.sessionId));
    expect(await purchase.confirm({ sessionId: purchase.sessionId, actor: purchase.owner, clientAddress: newClientAddress() })).toMatchObject({ state: "paid" });
    const returned = await purchase.state();
    paidOnce(returned, purchase);
    const late = variantOf(completed!, { keepId: true, createdSecondsAgo: 3 * DAY_SECONDS });
    expect(await deliver(late)).toEqual({ status: 200, result: "unchanged" });
    expect(await deliver(late)).toEqual({ status: 200, result: "duplicate-event" });
    expect(await purchase.state()).toEqual(returned);
  });

  it("completed three days late with nothing before it (its checkout's time long over): honoured once", async () => {
    const purchase = await open();
    const [completed] = await heldDuring(() => sandbox.pay(purchase.sessionId));
    // Our records past the checkout's end, as they would be days later (the slot's hold lapsed too).
    await db.payment.update({ where: { id: purchase.paymentId }, data: { expiresAt: new Date(Date.now() - 2 * DAY_SECONDS * 1000) } });
    if (kind === "booking") await db.consultationBooking.updateMany({ where: { paymentId: purchase.paymentId }, data: { holdExpiresAt: new Date(Date.now() - 2 * DAY_SECONDS * 1000) } });
    const late = variantOf(completed!, { keepId: true, createdSecondsAgo: 3 * DAY_SECONDS });
    expect(await deliver(late)).toEqual({ status: 200, result: "applied" });
    // The return page, afterwards, answers from our records and changes nothing.
    expect(await purchase.confirm({ sessionId: purchase.sessionId, actor: purchase.owner, clientAddress: newClientAddress() })).toMatchObject({ state: "paid" });
    paidOnce(await purchase.state(), purchase);
  });
});

describe("a subscription, events out of order and days late", () => {
  it("invoice.paid before customer.subscription.created, and checkout.session.completed last: one subscription, one order", async () => {
    const opened = await openSubscription();
    const events = await heldDuring(() => sandbox.pay(opened.sessionId));
    const order = ["invoice.paid", "checkout.session.completed", "customer.subscription.created"].map((type) => only(events, type));
    allOk(await deliverInOrder(order));
    const state = await opened.state();
    expect(state).toMatchObject({ subscriptions: [{ status: "ACTIVE" }], orders: ["AWAITING_PHARMACIST"], invoices: 1, checkout: "COMPLETED" });
    allOk(await deliverInOrder(events));
    expect(await opened.state()).toEqual(state);
  });

  it("an older customer.subscription.updated after a newer one does not bring back what it said", async () => {
    const opened = await openSubscription();
    await sandbox.pay(opened.sessionId);
    const row = await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: sandbox.session(opened.sessionId)!.subscription! } });
    const act = (route: typeof pauseRoute, action: string) => call(route, `/api/subscriptions/${row.id}/${action}`, { method: "POST", params: { id: row.id }, ...opened.caller });
    const paused = await heldDuring(async () => expect((await act(pauseRoute, "pause")).status).toBe(200));
    const resumed = await heldDuring(async () => expect((await act(resumeRoute, "resume")).status).toBe(200));
    const older = only(paused, "customer.subscription.updated");
    const newer = only(resumed, "customer.subscription.updated");
    expect(older.event.created).toBeLessThanOrEqual(newer.event.created);
    allOk(await deliverInOrder([newer, older, variantOf(older, { keepId: true, createdSecondsAgo: 2 * DAY_SECONDS })]));
    expect(await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "ACTIVE", collectionPaused: false });
  });

  it("two renewals' events delivered newest first and days late: one order per invoice, the latest period kept", async () => {
    const opened = await openSubscription();
    await sandbox.pay(opened.sessionId);
    const stripeId = sandbox.session(opened.sessionId)!.subscription!;
    const first = await heldDuring(() => sandbox.renew(stripeId));
    const second = await heldDuring(() => sandbox.renew(stripeId));
    const late = [...second, ...first].map((delivery, index) => variantOf(delivery, { keepId: true, createdSecondsAgo: (index + 1) * DAY_SECONDS }));
    allOk(await deliverInOrder(late));
    const state = await opened.state();
    expect(state).toMatchObject({ subscriptions: [{ status: "ACTIVE" }], orders: ["AWAITING_PHARMACIST", "AWAITING_PHARMACIST", "AWAITING_PHARMACIST"], invoices: 3 });
    const periodEnd = sandbox.subscription(stripeId)!.items.data[0]!.current_period_end;
    expect((await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: stripeId } })).currentPeriodEnd!.getTime()).toBe(periodEnd * 1000);
  });

  it("the first payment's events days late, after the return from Checkout recorded it: one subscription, one order, one email", async () => {
    const opened = await openSubscription();
    const events = await heldDuring(() => sandbox.pay(opened.sessionId));
    expect(await confirmSubscriptionCheckout({ sessionId: opened.sessionId, actor: patientActor(opened.user), clientAddress: newClientAddress() })).toMatchObject({ state: "paid" });
    const returned = await opened.state();
    expect(returned).toMatchObject({ subscriptions: [{ status: "ACTIVE" }], orders: ["AWAITING_PHARMACIST"], invoices: 1, checkout: "COMPLETED" });
    allOk(await deliverInOrder(events.map((delivery) => variantOf(delivery, { keepId: true, createdSecondsAgo: 4 * DAY_SECONDS }))));
    expect(await opened.state()).toEqual(returned);
  });
});

describe("an identity check, events out of order", () => {
  it("requires_input (an unreadable first try) arriving after verified leaves it verified", async () => {
    const opened = await openIdentityCheck();
    const verified = await heldDuring(() => sandbox.verifyIdentity(opened.sessionId, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" }));
    const unreadable = variantOf(verified[0]!, { type: "identity.verification_session.requires_input", createdSecondsAgo: DAY_SECONDS, object: { status: "requires_input", last_error: { code: "document_unverified_other", reason: "unreadable" } } });
    allOk(await deliverInOrder([verified[0]!, unreadable]));
    expect(await opened.state()).toEqual({ rows: [expect.objectContaining({ status: "VERIFIED", lastErrorCode: null })], audits: 1 });
  });
});
