import { randomUUID } from "node:crypto";
import { GET as plansGet } from "@/app/api/plans/route";
import { POST as subscribe } from "@/app/api/subscribe/route";
import { GET as userSubscriptions } from "@/app/api/user-subscriptions/route";
import { GET as subscriptionStatusGet } from "@/app/api/subscription-status/route";
import { POST as cancelRoute } from "@/app/api/subscriptions/[id]/cancel/route";
import { POST as pauseRoute } from "@/app/api/subscriptions/[id]/pause/route";
import { POST as resumeRoute } from "@/app/api/subscriptions/[id]/resume/route";
import { POST as skipRoute } from "@/app/api/subscriptions/[id]/skip/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as claimOrder } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as declineOrder } from "@/app/api/staff/orders/[id]/decline/route";
import { signedInStaff } from "@/tests/factories/staff";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { newClientAddress, spendCheckoutReturnBudget } from "@/tests/factories/client-address";
import type { Actor } from "@/lib/server/core/actor/types";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { confirmSubscriptionCheckout } from "@/lib/server/subscriptions/confirm-subscription-checkout";
import { REMINDER_DAYS, sendRenewalReminder } from "@/lib/server/subscriptions/renewal-reminder-job";
import { passAssessment } from "@/tests/factories/assessment";
import { makeGuestId } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";

// Deliveries can be held back, then sent in any order or all at once, as Stripe may.
const { sandbox, hold, release } = holdingSandboxForThisFile();

type Caller = { cookies: Record<string, string>; headers: Record<string, string> };
let addressCounter = 0;
const newAddress = () => ({ "x-forwarded-for": `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}` });

async function patient(): Promise<Caller & { user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser();
  const { cookies } = await signIn(user);
  return { user, cookies, headers: newAddress() };
}

async function minoxidilPlan(months: 1 | 3 = 1) {
  return db.plan.findUniqueOrThrow({ where: { slug: months === 1 ? "minoxidil-1-month" : "minoxidil-3-months" } });
}

const subscribeAs = (caller: Caller, planId: unknown) => call(subscribe, "/api/subscribe", { json: { plan_id: planId }, ...caller });
const listAs = (caller: Caller) => call(userSubscriptions, "/api/user-subscriptions", { method: "GET", ...caller });
const act = (route: typeof cancelRoute, action: string, caller: Caller, id: string) =>
  call(route, `/api/subscriptions/${id}/${action}`, { method: "POST", params: { id }, ...caller });

/** A patient with a passed minoxidil assessment whose subscription checkout is open (not paid). */
async function checkoutOpened(months: 1 | 3 = 1) {
  const caller = await patient();
  await passAssessment("minoxidil", caller);
  const plan = await minoxidilPlan(months);
  const res = await subscribeAs(caller, plan.id);
  expect(res.status).toBe(200);
  return { caller, plan, res };
}

/** A patient with a passed minoxidil assessment, subscribed and paid; webhooks delivered. */
async function subscribedPatient(months: 1 | 3 = 1) {
  const { caller, plan, res } = await checkoutOpened(months);
  await sandbox.pay(res.body.sessionId);
  const stripeId = sandbox.session(res.body.sessionId)!.subscription!;
  await waitFor(() => db.subscription.findUnique({ where: { stripeSubscriptionId: stripeId } }));
  const row = await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: stripeId } });
  return { caller, plan, sessionId: res.body.sessionId as string, stripeId, row };
}

async function waitFor<T>(read: () => Promise<T | null | undefined | false>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("waitFor timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ordersOf = (subscriptionId: string) => db.order.findMany({ where: { subscriptionId }, orderBy: { createdAt: "asc" } });

describe("GET /api/plans", () => {
  it("lists a treatment's plans with price as a number, and sees a change made in the database at once", async () => {
    const res = await call(plansGet, "/api/plans?treatment_type=minoxidil", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.body.plans).toEqual([
      expect.objectContaining({ name: "Minoxidil 1 month", price: 29.99, duration: 1 }),
      expect.objectContaining({ name: "Minoxidil 3 months", price: 79.99, duration: 3 }),
    ]);
    const plan = await minoxidilPlan(3);
    try {
      await db.plan.update({ where: { id: plan.id }, data: { description: "Changed by a test." } });
      const changed = await waitFor(async () => {
        const again = await call(plansGet, "/api/plans?treatment_type=minoxidil", { method: "GET" });
        return again.body.plans.find((p: { id: string; description: string }) => p.id === plan.id && p.description === "Changed by a test.");
      }, 3000);
      expect(changed).toBeTruthy();
    } finally {
      await db.plan.update({ where: { id: plan.id }, data: { description: plan.description } });
    }
  });

  it("answers 422 without a treatment type and an empty list for an unknown one", async () => {
    expect((await call(plansGet, "/api/plans", { method: "GET" })).status).toBe(422);
    const res = await call(plansGet, "/api/plans?treatment_type=nothing-like-this", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.body.plans).toEqual([]);
  });
});

describe("POST /api/subscribe", () => {
  it("refuses a made-up or missing plan id with 422", async () => {
    const caller = await patient();
    const made = await subscribeAs(caller, "no-such-plan");
    expect(made.status).toBe(422);
    expect(made.body.errors.plan_id).toBeDefined();
    expect((await subscribeAs(caller, "")).status).toBe(422);
    expect((await call(subscribe, "/api/subscribe", { json: {}, ...caller })).status).toBe(422);
  });

  it("sends a patient without a passed assessment to the treatment's assessment, not to payment", async () => {
    const caller = await patient();
    const res = await subscribeAs(caller, (await minoxidilPlan()).id);
    expect(res.status).toBe(200);
    expect(res.body.url).toBe("/minoxidil/quiz/1");
    expect(res.body.sessionId).toBeUndefined();
  });

  it("opens a subscription checkout for the plan's price after a pass; paying makes the subscription and its first order for the pharmacist", async () => {
    const { caller, plan, stripeId, row } = await subscribedPatient(3);
    expect(row).toMatchObject({ userId: caller.user.id, planId: plan.id, status: "ACTIVE", pricePence: 7999, durationMonths: 3, shipPostcode: "SW1A 1AA" });
    const orders = await waitFor(async () => (await ordersOf(row.id)).length === 1 && ordersOf(row.id));
    expect(orders[0]).toMatchObject({ status: "AWAITING_PHARMACIST", totalPence: 7999, needsReview: true, userId: caller.user.id });
    const list = await listAs(caller);
    expect(list.status).toBe(200);
    expect(list.body.subscriptions).toEqual([
      expect.objectContaining({ id: row.id, stripe_subscription_id: stripeId, treatment_type: "minoxidil", price: 79.99, duration: 3, status: "active" }),
    ]);
    expect(new Date(list.body.subscriptions[0].current_period_end).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    const status = await call(subscriptionStatusGet, "/api/subscription-status", { method: "GET", ...caller });
    expect(status.body).toMatchObject({ has_active_subscription: true, treatment_types: { minoxidil: true } });
    // A second subscription to the same treatment is refused while this one runs.
    expect((await subscribeAs(caller, plan.id)).status).toBe(409);
  });

  it("opens one checkout for a double click, a retry or two requests at once (the idempotency key comes from the attempt); another plan gets its own", async () => {
    const { caller, res } = await checkoutOpened();
    const again = await Promise.all([subscribeAs(caller, (await minoxidilPlan()).id), subscribeAs(caller, (await minoxidilPlan()).id)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(again.map((r) => r.body.sessionId)).toEqual([res.body.sessionId, res.body.sessionId]);
    expect(again[0]!.body.url).toBe(res.body.url);
    expect(sandbox.session(res.body.sessionId)).toMatchObject({ mode: "subscription", status: "open" });
    const other = await subscribeAs(caller, (await minoxidilPlan(3)).id);
    expect(other.status).toBe(200);
    expect(other.body.sessionId).not.toBe(res.body.sessionId);
  });

  it("keeps a subscription attempt's checkout for its 30-minute window, and opens a new one in the next", async () => {
    const { openSubscriptionCheckout, SUBSCRIPTION_CHECKOUT_WINDOW_MS } = await import("@/lib/server/services/payments/open-checkout-session");
    const { stripePriceFor } = await import("@/lib/server/subscriptions/stripe-price");
    const plan = await minoxidilPlan();
    const priceId = await stripePriceFor({ ...plan, productName: "Minoxidil" });
    const attempt = `${plan.id}:${randomUUID()}`;
    const checkout = { attempt, priceId, clientReferenceId: plan.id, owner: { userId: null, guestKeyHash: "0".repeat(64) }, customer: null, metadata: { plan_id: plan.id }, description: plan.name, successPath: "/subscriptions/started", cancelPath: "/" };
    const start = Math.floor(Date.now() / SUBSCRIPTION_CHECKOUT_WINDOW_MS) * SUBSCRIPTION_CHECKOUT_WINDOW_MS;
    const first = await openSubscriptionCheckout(checkout, new Date(start + 1_000));
    expect((await openSubscriptionCheckout(checkout, new Date(start + SUBSCRIPTION_CHECKOUT_WINDOW_MS - 1_000))).sessionId).toBe(first.sessionId);
    expect((await openSubscriptionCheckout(checkout, new Date(start + SUBSCRIPTION_CHECKOUT_WINDOW_MS + 1_000))).sessionId).not.toBe(first.sessionId);
    expect((await openSubscriptionCheckout({ ...checkout, attempt: `${plan.id}:${randomUUID()}` }, new Date(start + 1_000))).sessionId).not.toBe(first.sessionId);
  });

  it("lets a guest subscribe under their guest id; signing in moves the subscription to the account", async () => {
    const guestId = makeGuestId();
    const guest = { cookies: { guest_id: guestId }, headers: newAddress() };
    await passAssessment("minoxidil", guest);
    const res = await subscribeAs(guest, (await minoxidilPlan()).id);
    expect(res.status).toBe(200);
    await sandbox.pay(res.body.sessionId, { email: "guest-subscriber@example.com" });
    const stripeId = sandbox.session(res.body.sessionId)!.subscription!;
    const row = await waitFor(() => db.subscription.findUnique({ where: { stripeSubscriptionId: stripeId } }));
    expect(row.userId).toBeNull();
    const user = await createUser();
    const login = await call(loginRoute, "/api/login", { json: { email: user.email, password: user.password }, cookies: { guest_id: guestId } });
    expect(login.status).toBe(200);
    const moved = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(moved).toMatchObject({ userId: user.id, guestKeyHash: null });
    expect(await db.order.count({ where: { subscriptionId: row.id, userId: user.id } })).toBe(1);
  });
});

describe("subscription webhooks", () => {
  it("makes one order from the same invoice.paid delivered twice and 10 times at once", async () => {
    const { caller, res } = await checkoutOpened();
    hold();
    await sandbox.pay(res.body.sessionId);
    const deliveries = release();
    const paid = deliveries.find((d) => d.event.type === "invoice.paid")!;
    expect((await deliverWebhook(paid.payload, paid.signature)).status).toBe(200);
    expect((await deliverWebhook(paid.payload, paid.signature)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverWebhook(paid.payload, paid.signature)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const row = await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: sandbox.session(res.body.sessionId)!.subscription! } });
    expect(await ordersOf(row.id)).toHaveLength(1);
    expect(await db.outboxEmail.count({ where: { toAddress: caller.user.email, subject: { startsWith: "Thank you for your order" } } })).toBe(1);
  });

  it("converges when invoice.paid arrives before customer.subscription.created, and a late update after deletion stays cancelled", async () => {
    const { caller, res } = await checkoutOpened();
    hold();
    await sandbox.pay(res.body.sessionId);
    const first = release().reverse();
    for (const delivery of first) expect((await deliverWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    const stripeId = sandbox.session(res.body.sessionId)!.subscription!;
    const row = await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: stripeId } });
    expect(row.status).toBe("ACTIVE");
    expect(await ordersOf(row.id)).toHaveLength(1);

    // Cancel at period end, then the period ends: updated and deleted, delivered deleted first.
    hold();
    expect((await act(cancelRoute, "cancel", caller, row.id)).status).toBe(200);
    await sandbox.renew(stripeId);
    const later = release();
    const updated = later.find((d) => d.event.type === "customer.subscription.updated")!;
    const deleted = later.find((d) => d.event.type === "customer.subscription.deleted")!;
    await deliverWebhook(deleted.payload, deleted.signature);
    await deliverWebhook(updated.payload, updated.signature);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("CANCELED");
  });

  it("records the subscription and its first order on the return from Checkout, before any webhook; the webhooks then find it done", async () => {
    const { caller, res } = await checkoutOpened();
    hold();
    await sandbox.pay(res.body.sessionId);
    const deliveries = release();
    const returnTo = (sessionId: string, actor: Actor | null = null, clientAddress = newClientAddress()) => confirmSubscriptionCheckout({ sessionId, actor, clientAddress });
    expect(await returnTo("cs_test_unknown")).toEqual({ state: "not-found", view: null });
    // The provider not answering leaves the page working (confirming); the webhooks will record it.
    const down = jest.spyOn(stripe().checkout.sessions, "retrieve").mockRejectedValueOnce(new Error("connect ECONNREFUSED"));
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await returnTo(res.body.sessionId, patientActor(caller.user))).toEqual({ state: "confirming", view: { planName: "Minoxidil 1 month" } });
    expect(down).toHaveBeenCalledTimes(1);
    down.mockRestore();
    quiet.mockRestore();
    // Past the caller's budget of provider look-ups nothing is asked (the webhooks will record it).
    const spent = newClientAddress();
    await spendCheckoutReturnBudget(spent);
    expect(await returnTo(res.body.sessionId, null, spent)).toEqual({ state: "confirming", view: null });
    expect(await db.subscription.count({ where: { stripeSubscriptionId: sandbox.session(res.body.sessionId)!.subscription! } })).toBe(0);
    expect(await returnTo(res.body.sessionId, patientActor(caller.user))).toEqual({ state: "paid", view: { planName: "Minoxidil 1 month" } });
    // Someone else holding the link learns nothing about it.
    expect(await returnTo(res.body.sessionId, patientActor(await createUser()))).toEqual({ state: "paid", view: null });
    expect(await returnTo("not a session")).toEqual({ state: "not-found", view: null });
    const row = await db.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId: sandbox.session(res.body.sessionId)!.subscription! } });
    expect(await ordersOf(row.id)).toHaveLength(1);
    for (const delivery of deliveries) expect((await deliverWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    expect(await ordersOf(row.id)).toHaveLength(1);
  });

  it("turns each paid renewal into a new order in the pharmacist's queue", async () => {
    const { stripeId, row } = await subscribedPatient();
    await sandbox.renew(stripeId);
    const orders = await waitFor(async () => (await ordersOf(row.id)).length === 2 && ordersOf(row.id));
    expect(orders.map((o) => o.status)).toEqual(["AWAITING_PHARMACIST", "AWAITING_PHARMACIST"]);
    expect(orders[0]!.stripeInvoiceId).not.toBe(orders[1]!.stripeInvoiceId);
    const { staff } = await signedInStaff("PHARMACIST", false, { name: "Lee Chemist" });
    const view = await getOrderCase(staffActor(staff, "PHARMACIST"), orders[1]!.id);
    expect(view.subscription).toMatchObject({ supplyNumber: 2, planName: "Minoxidil 1 month", assessmentExpired: false });
    const after = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(row.currentPeriodEnd!.getTime());
  });

  it("shows a failed renewal as past_due and tells the patient once", async () => {
    const { caller, stripeId, row } = await subscribedPatient();
    const events = await sandbox.renew(stripeId, { outcome: "failed" });
    const failed = events.find((event) => event.type === "invoice.payment_failed")!;
    await sandbox.redeliver(failed.id);
    const list = await listAs(caller);
    expect(list.body.subscriptions[0]).toMatchObject({ id: row.id, status: "past_due" });
    expect(await db.outboxEmail.count({ where: { toAddress: caller.user.email, subject: { startsWith: "We could not take your" } } })).toBe(1);
    expect(await ordersOf(row.id)).toHaveLength(1);
  });
});

describe("the pharmacist's decline", () => {
  it("refunds the declined period and ends the subscription, so nothing more is charged", async () => {
    const { caller, stripeId, row } = await subscribedPatient();
    const [order] = await waitFor(async () => (await ordersOf(row.id)).length === 1 && ordersOf(row.id));
    const { cookies } = await signedInStaff("PHARMACIST", false, { name: "Lee Chemist" });
    const staffCall = (handler: typeof claimOrder, action: string, json: unknown = {}) =>
      call(handler, `/api/staff/orders/${order!.id}/${action}`, { json, cookies, params: { id: order!.id } });
    expect((await staffCall(claimOrder, "claim")).status).toBe(200);
    const declined = await staffCall(declineOrder, "decline", { reason: "Minoxidil is not suitable with the heart condition you told us about." });
    expect(declined.status).toBe(200);
    expect(declined.body.message).toContain("its subscription was cancelled");
    expect(sandbox.subscription(stripeId)!.status).toBe("canceled");
    expect((await listAs(caller)).body.subscriptions[0]).toMatchObject({ status: "canceled" });
    expect(sandbox.refunds().some((refund) => refund.amount === 2999)).toBe(true);
    expect(await db.outboxEmail.count({ where: { toAddress: caller.user.email, subject: { contains: "has been stopped" } } })).toBe(1);
  });
});

describe("cancel, pause, skip and resume", () => {
  it("answers 404 for another patient's subscription (and a malformed id), changing nothing", async () => {
    const { row } = await subscribedPatient();
    const other = await patient();
    for (const [route, action] of [[cancelRoute, "cancel"], [pauseRoute, "pause"], [skipRoute, "skip"], [resumeRoute, "resume"]] as const) {
      const res = await act(route, action, other, row.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Subscription not found.");
    }
    expect((await act(cancelRoute, "cancel", other, "not-a-uuid")).status).toBe(404);
    expect((await call(cancelRoute, `/api/subscriptions/${row.id}/cancel`, { method: "POST", params: { id: row.id }, headers: newAddress() })).status).toBe(401);
    const same = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(same).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: false, collectionPaused: false });
  });

  it("pauses (the renewal is not charged), resumes, skips one renewal, and cancels at the end of the period", async () => {
    const { caller, stripeId, row } = await subscribedPatient();
    const paused = await act(pauseRoute, "pause", caller, row.id);
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({ paused: true, status: "active" });
    await sandbox.renew(stripeId);
    expect(await ordersOf(row.id)).toHaveLength(1);

    const resumed = await act(resumeRoute, "resume", caller, row.id);
    expect(resumed.body.subscription).toMatchObject({ paused: false, skipped_until: null });
    const skipped = await act(skipRoute, "skip", caller, row.id);
    expect(skipped.status).toBe(200);
    expect(skipped.body.subscription.skipped_until).not.toBeNull();
    await sandbox.renew(stripeId); // skipped: nothing charged
    expect(await ordersOf(row.id)).toHaveLength(1);
    await sandbox.renew(stripeId); // charged again
    await waitFor(async () => (await ordersOf(row.id)).length === 2);

    const cancelled = await act(cancelRoute, "cancel", caller, row.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe("Subscription canceled successfully.");
    expect(cancelled.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect((await act(cancelRoute, "cancel", caller, row.id)).status).toBe(200);
    expect((await act(pauseRoute, "pause", caller, row.id)).status).toBe(409);
    expect(await db.outboxEmail.count({ where: { toAddress: caller.user.email, subject: { contains: "subscription is cancelled" } } })).toBe(1);
    await sandbox.renew(stripeId);
    const list = await listAs(caller);
    expect(list.body.subscriptions[0]).toMatchObject({ status: "canceled" });
    expect(await ordersOf(row.id)).toHaveLength(2);
  });
});

describe("renewal reminders", () => {
  it("queues the reminder before the renewal date and sends it once, only while the subscription will renew", async () => {
    const { caller, row } = await subscribedPatient();
    const periodEnd = row.currentPeriodEnd!;
    const [job] = await db.$queryRaw<{ start_after: Date }[]>`
      SELECT start_after FROM pgboss.job WHERE name = 'subscription.renewal-reminder' AND data->>'subscriptionId' = ${row.id}`;
    expect(job).toBeDefined();
    expect(periodEnd.getTime() - job!.start_after.getTime()).toBeGreaterThanOrEqual(REMINDER_DAYS * 86_400_000 - 1000);

    const day = 86_400_000;
    expect(await sendRenewalReminder(row.id, periodEnd, new Date(periodEnd.getTime() - 10 * day))).toBe("not due");
    expect(await sendRenewalReminder(row.id, periodEnd, new Date(periodEnd.getTime() - 2 * day))).toBe("sent");
    expect(await sendRenewalReminder(row.id, periodEnd, new Date(periodEnd.getTime() - 1 * day))).toBe("already sent");
    const mails = await db.outboxEmail.findMany({ where: { toAddress: caller.user.email, subject: { contains: "renews on" } } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("£29.99");
    // The subject, read on lock screens, never names the treatment; the body says which plan.
    expect(mails[0]!.subject).not.toMatch(/minoxidil/i);
    expect(mails[0]!.text).toContain("Minoxidil 1 month");
    expect(mails[0]!.text).toContain("/dashboard/subscriptions");

    const second = await subscribedPatient();
    await act(cancelRoute, "cancel", second.caller, second.row.id);
    const end = second.row.currentPeriodEnd!;
    expect(await sendRenewalReminder(second.row.id, end, new Date(end.getTime() - 2 * day))).toBe("not renewing");
  });
});
