import { POST as subscribe } from "@/app/api/subscribe/route";
import { DELETE as deleteAccount } from "@/app/api/account/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as loginRoute } from "@/app/api/login/route";
import type { Actor } from "@/lib/server/core/actor/types";
import { hashGuestId } from "@/lib/server/core/actor/guest-id";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { confirmSubscriptionCheckout } from "@/lib/server/subscriptions/confirm-subscription-checkout";
import { stripePriceFor } from "@/lib/server/subscriptions/stripe-price";
import { guestActor, patientActor } from "@/tests/factories/actor";
import { passAssessment } from "@/tests/factories/assessment";
import { newClientAddress } from "@/tests/factories/client-address";
import { makeGuestId } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";
import { addToCart, checkout, createTestProduct, guestShopper } from "@/tests/integration/orders/support/shop";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";

// The subscription return is the one checkout return (payments/confirm-checkout-return.ts) for
// our record of the session (subscription_checkouts): the provider is asked only about a
// session we opened, for its owner, while it is open and unexpired, within the address budget.
const { sandbox, hold, release } = holdingSandboxForThisFile();

type Caller = { cookies: Record<string, string>; headers: Record<string, string> };

const plan = (slug = "minoxidil-1-month") => db.plan.findUniqueOrThrow({ where: { slug } });
const subscribeAs = async (caller: Caller, slug?: string) => call(subscribe, "/api/subscribe", { json: { plan_id: (await plan(slug)).id }, ...caller });
const returnTo = (sessionId: string, actor: Actor | null, clientAddress = newClientAddress()) => confirmSubscriptionCheckout({ sessionId, actor, clientAddress });
const recordOf = (sessionId: string) => db.subscriptionCheckout.findUnique({ where: { checkoutSessionId: sessionId } });
const subscriptionOf = (sessionId: string) => {
  const stripeId = sandbox.session(sessionId)?.subscription;
  return stripeId ? db.subscription.findUnique({ where: { stripeSubscriptionId: stripeId } }) : null;
};

/** A signed-in patient with a passed assessment whose subscription checkout is open (not paid). */
async function opened() {
  const user = await createUser();
  const { cookies } = await signIn(user);
  const caller = { cookies, headers: { "x-forwarded-for": newClientAddress() } };
  await passAssessment("minoxidil", caller);
  const res = await subscribeAs(caller);
  expect(res.status).toBe(200);
  return { user, caller, owner: patientActor(user), sessionId: res.body.sessionId as string };
}

let retrieve: jest.SpyInstance;
beforeEach(() => {
  retrieve = jest.spyOn(stripe().checkout.sessions, "retrieve");
});
afterEach(() => {
  retrieve.mockRestore();
  release();
});

describe("opening a subscription checkout", () => {
  it("records the session as the patient's, for the plan, with the provider's expiry; a double click and a retry leave one row", async () => {
    const { user, caller, sessionId } = await opened();
    const again = await Promise.all([subscribeAs(caller), subscribeAs(caller)]);
    expect(again.map((res) => res.body.sessionId)).toEqual([sessionId, sessionId]);
    const rows = await db.subscriptionCheckout.findMany({ where: { userId: user.id } });
    expect(rows).toEqual([
      expect.objectContaining({ checkoutSessionId: sessionId, guestKeyHash: null, planId: (await plan()).id, status: "OPEN", completedAt: null }),
    ]);
    expect(rows[0]!.expiresAt.getTime()).toBe(sandbox.session(sessionId)!.expires_at * 1000);
    // Another plan is another session and another row.
    const other = await subscribeAs(caller, "minoxidil-3-months");
    expect(other.body.sessionId).not.toBe(sessionId);
    expect(await db.subscriptionCheckout.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe("the subscription return", () => {
  it("answers not-found without asking the provider for a session we did not open, even a subscription session with our metadata, or one of another purpose", async () => {
    const { user } = await opened();
    const p = await plan();
    const priceId = await stripePriceFor({ ...p, productName: "Minoxidil" });
    // Made at the provider outside /api/subscribe: the old return asked about it and recorded it.
    const foreign = await stripe().checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: priceId, quantity: 1 }],
      client_reference_id: p.id,
      metadata: { plan_id: p.id, user_id: user.id },
      subscription_data: { metadata: { plan_id: p.id, user_id: user.id } },
      success_url: "http://localhost/x",
      cancel_url: "http://localhost/y",
    });
    await sandbox.pay(foreign.id);
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: (await createTestProduct({ pricePence: 900 })).slug });
    const order = await checkout(shopper);
    for (const sessionId of [foreign.id, order.body.sessionId, "cs_test_notoursatall", "not a session"]) {
      expect(await returnTo(sessionId, patientActor(user))).toEqual({ state: "not-found", view: null });
    }
    expect(retrieve).not.toHaveBeenCalled();
  });

  it("never asks the provider for someone else's session: another patient, a guest or nobody holding the link gets no view and records nothing", async () => {
    const { sessionId } = await opened();
    hold();
    await sandbox.pay(sessionId);
    for (const stranger of [patientActor(await createUser()), guestActor(makeGuestId()), null]) {
      expect(await returnTo(sessionId, stranger)).toEqual({ state: "confirming", view: null });
    }
    expect(retrieve).not.toHaveBeenCalled();
    expect(await subscriptionOf(sessionId)).toBeNull();
    expect((await recordOf(sessionId))!.status).toBe("OPEN");
  });

  it("records the owner's paid subscription on return, marks our record COMPLETED, and the webhooks then find it done", async () => {
    const { user, owner, sessionId } = await opened();
    hold();
    await sandbox.pay(sessionId);
    const deliveries = release();
    expect(await returnTo(sessionId, owner)).toEqual({ state: "paid", view: { planName: "Minoxidil 1 month" } });
    expect(retrieve).toHaveBeenCalledTimes(1);
    const row = await subscriptionOf(sessionId);
    expect(row).toMatchObject({ userId: user.id, status: "ACTIVE" });
    expect(await recordOf(sessionId)).toMatchObject({ status: "COMPLETED", completedAt: expect.any(Date) });
    // Completed in our records: asked again, nothing goes to the provider.
    expect(await returnTo(sessionId, owner)).toEqual({ state: "paid", view: { planName: "Minoxidil 1 month" } });
    expect(await returnTo(sessionId, null)).toEqual({ state: "paid", view: null });
    expect(retrieve).toHaveBeenCalledTimes(1);
    for (const delivery of deliveries) expect((await deliverWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.order.count({ where: { subscriptionId: row!.id } })).toBe(1);
    expect((await recordOf(sessionId))!.status).toBe("COMPLETED");
  });

  it("does not look up a session whose expiry has passed in our records, nor one the webhook recorded as expired", async () => {
    const first = await opened();
    await db.subscriptionCheckout.update({ where: { checkoutSessionId: first.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await returnTo(first.sessionId, first.owner)).toEqual({ state: "confirming", view: { planName: "Minoxidil 1 month" } });
    const second = await opened();
    await sandbox.expire(second.sessionId);
    expect((await recordOf(second.sessionId))!.status).toBe("EXPIRED");
    expect(await returnTo(second.sessionId, second.owner)).toEqual({ state: "failed", view: { planName: "Minoxidil 1 month" } });
    expect(retrieve).not.toHaveBeenCalled();
  });

  it("makes no 31st look-up from one client address: the owner sees \"confirming\" until the webhooks arrive", async () => {
    const { owner, sessionId } = await opened();
    const address = newClientAddress();
    for (let i = 0; i < 30; i++) expect((await returnTo(sessionId, owner, address)).state).toBe("failed");
    expect(retrieve).toHaveBeenCalledTimes(30);
    hold();
    await sandbox.pay(sessionId);
    expect(await returnTo(sessionId, owner, address)).toEqual({ state: "confirming", view: { planName: "Minoxidil 1 month" } });
    expect(retrieve).toHaveBeenCalledTimes(30);
    expect(await subscriptionOf(sessionId)).toBeNull();
    // The webhooks record it and complete our record; the return then answers from it.
    for (const delivery of release()) expect((await deliverWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    expect((await recordOf(sessionId))!.status).toBe("COMPLETED");
    expect(await returnTo(sessionId, owner, address)).toEqual({ state: "paid", view: { planName: "Minoxidil 1 month" } });
    expect(retrieve).toHaveBeenCalledTimes(30);
  });
});

describe("the subscription checkout webhooks", () => {
  it("checkout.session.completed alone records the subscription and completes our record, twice or not", async () => {
    const { user, sessionId } = await opened();
    hold();
    await sandbox.pay(sessionId);
    const completed = release().find((delivery) => delivery.event.type === "checkout.session.completed")!;
    expect(completed).toBeDefined();
    for (let i = 0; i < 2; i++) expect((await deliverWebhook(completed.payload, completed.signature)).status).toBe(200);
    expect(await recordOf(sessionId)).toMatchObject({ status: "COMPLETED" });
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(1);
    const row = await subscriptionOf(sessionId);
    expect(await db.order.count({ where: { subscriptionId: row!.id } })).toBe(1);
  });
});

describe("a guest's subscription checkout", () => {
  it("moves to the account when the guest signs in, and the account's return then records it", async () => {
    const guestId = makeGuestId();
    const guest = { cookies: { guest_id: guestId }, headers: { "x-forwarded-for": newClientAddress() } };
    await passAssessment("minoxidil", guest);
    const res = await subscribeAs(guest);
    expect(res.status).toBe(200);
    expect(await recordOf(res.body.sessionId)).toMatchObject({ userId: null, guestKeyHash: hashGuestId(guestId) });
    hold();
    await sandbox.pay(res.body.sessionId, { email: "guest-checkout@example.com" });
    const user = await createUser();
    expect((await call(loginRoute, "/api/login", { json: { email: user.email, password: user.password }, cookies: { guest_id: guestId } })).status).toBe(200);
    expect(await recordOf(res.body.sessionId)).toMatchObject({ userId: user.id, guestKeyHash: null });
    // The retired guest id no longer owns it; the account does.
    expect(await returnTo(res.body.sessionId, guestActor(guestId))).toEqual({ state: "confirming", view: null });
    expect(retrieve).not.toHaveBeenCalled();
    expect(await returnTo(res.body.sessionId, patientActor(user))).toEqual({ state: "paid", view: { planName: "Minoxidil 1 month" } });
    expect(await subscriptionOf(res.body.sessionId)).toMatchObject({ userId: user.id });
  });
});

describe("the account's data", () => {
  it("lists the patient's subscription checkouts in the export, and deleting the account removes them", async () => {
    const { user, sessionId } = await opened();
    const { token } = await signIn(user);
    const headers = { authorization: `Bearer ${token}` };
    const exported = await call(exportData, "/api/account/export", { headers });
    expect(exported.status).toBe(200);
    expect(exported.body.subscription_checkouts).toEqual([expect.objectContaining({ plan: "Minoxidil 1 month", status: "OPEN", completedAt: null })]);
    expect(JSON.stringify(exported.body.subscription_checkouts)).not.toContain(sessionId);
    expect((await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: user.password }, headers })).status).toBe(200);
    expect(await recordOf(sessionId)).toBeNull();
  });
});
