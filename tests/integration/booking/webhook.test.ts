import Stripe from "stripe";
import { confirmBookingReturn } from "@/lib/server/booking/confirm-booking-return";
import { newClientAddress } from "@/tests/factories/client-address";
import { db } from "@/tests/support/db";
import { deliverWebhook, startTestSandbox } from "@/tests/support/stripe-sandbox";
import { freshSlot, payForSlot } from "@/tests/factories/booking";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";
import { guestActor } from "@/tests/factories/actor";

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await db.$disconnect();
});

const secret = () => process.env.STRIPE_WEBHOOK_SECRET!;
const signer = new Stripe("sk_test_signing_only");
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret(), timestamp: options.timestamp });

async function holdSlot(options: { type?: string; email?: string; guestId?: string } = {}) {
  const slot = await freshSlot();
  const email = options.email ?? uniqueEmail("webhook");
  const guestId = options.guestId ?? makeGuestId();
  const res = await payForSlot(slot, { email, guestId, type: options.type });
  if (res.status !== 200) throw new Error(`pay failed: ${res.status} ${JSON.stringify(res.body)}`);
  const booking = await db.consultationBooking.findFirstOrThrow({ where: { payment: { checkoutSessionId: res.body.sessionId } } });
  return { slot, email, guestId, sessionId: res.body.sessionId as string, booking };
}

const bookingOf = (sessionId: string) =>
  db.consultationBooking.findFirstOrThrow({ where: { payment: { checkoutSessionId: sessionId } }, include: { payment: true } });
const mailsTo = (email: string) => db.outboxEmail.findMany({ where: { toAddress: email } });

/** A checkout.session.completed event for the session, signed like Stripe signs it. */
async function completedEvent(sessionId: string, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  const session = { ...sandbox.session(sessionId), status: "complete", payment_status: "paid", payment_intent: `pi_test_${sessionId.slice(-8)}` };
  return JSON.stringify({ id, object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), data: { object: session } });
}

describe("POST /api/webhooks/stripe", () => {
  it("confirms the booking when the sandbox's hosted checkout is paid, and emails the patient once", async () => {
    const { sessionId, email } = await holdSlot();
    const event = await sandbox.pay(sessionId);
    expect(event.type).toBe("checkout.session.completed");
    const booking = await bookingOf(sessionId);
    expect(booking.status).toBe("CONFIRMED");
    expect(booking.payment).toMatchObject({ status: "PAID", paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(sandbox.deliveries.at(-1)).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/is booked/);
    expect(mails[0]!.text).not.toContain("Thinning"); // no health data by email
  });

  it("processes the same event delivered 10 times at once exactly once: one booking, one email", async () => {
    const { sessionId, email } = await holdSlot();
    const payload = await completedEvent(sessionId);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverWebhook(payload, sign(payload))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.body.result === "applied")).toHaveLength(1);
    expect((await bookingOf(sessionId)).status).toBe("CONFIRMED");
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await db.consultationBooking.count({ where: { clientEmail: email } })).toBe(1);
  });

  it("treats different events for the same payment idempotently too (webhook after the success page)", async () => {
    const { sessionId, email, guestId } = await holdSlot();
    await sandbox.pay(sessionId);
    const returned = await confirmBookingReturn({ sessionId, actor: guestActor(guestId), clientAddress: newClientAddress() });
    expect(returned.state).toBe("paid");
    expect(returned.view).toMatchObject({ status: "CONFIRMED", clientEmail: email });
    const again = await completedEvent(sessionId);
    expect((await deliverWebhook(again, sign(again))).body.result).toBe("unchanged");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it.each([
    ["a tampered body", (payload: string) => ({ body: payload.replace('"paid"', '"paid" '), signature: sign(payload) })],
    ["another secret", (payload: string) => ({ body: payload, signature: sign(payload, { secret: "whsec_someoneelsessecret000000" }) })],
    ["a stale timestamp", (payload: string) => ({ body: payload, signature: sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }) })],
    ["no signature", (payload: string) => ({ body: payload, signature: "" })],
  ])("refuses %s with 400 and writes nothing", async (_label, forge) => {
    const { sessionId, email } = await holdSlot();
    const payload = await completedEvent(sessionId);
    const { body, signature } = forge(payload);
    const eventsBefore = await db.stripeEvent.count();
    const res = await deliverWebhook(body, signature);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/signature/i);
    expect(await db.stripeEvent.count()).toBe(eventsBefore);
    expect((await bookingOf(sessionId)).status).toBe("PENDING_PAYMENT");
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("acknowledges and ignores events outside the allow-list", async () => {
    const payload = JSON.stringify({ id: "evt_test_other", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } });
    const res = await deliverWebhook(payload, sign(payload));
    expect(res).toMatchObject({ status: 200, body: { received: true, ignored: true } });
    expect(await db.stripeEvent.findUnique({ where: { id: "evt_test_other" } })).toBeNull();
  });

  it("frees the slot when the checkout session expires", async () => {
    const { sessionId, slot } = await holdSlot({ type: "doctor-consultation" });
    expect((await payForSlot(slot, { type: "doctor-consultation" })).status).toBe(409);
    await sandbox.expire(sessionId);
    const booking = await bookingOf(sessionId);
    expect(booking.status).toBe("EXPIRED");
    expect(booking.payment?.status).toBe("EXPIRED");
    expect((await payForSlot(slot, { type: "doctor-consultation" })).status).toBe(200);
  });

  it("refunds a payment that arrives after its hold lapsed and the slot was taken, and tells the patient", async () => {
    const late = await holdSlot({ type: "doctor-consultation" });
    // The hold ran out (the database clock decides)…
    await db.consultationBooking.update({ where: { id: late.booking.id }, data: { holdExpiresAt: new Date(Date.now() - 60_000) } });
    // …someone else took the only place…
    const other = await payForSlot(late.slot, { type: "doctor-consultation" });
    expect(other.status).toBe(200);
    await sandbox.pay(other.body.sessionId);
    // …and then the first patient's payment arrives.
    await sandbox.pay(late.sessionId);
    const booking = await bookingOf(late.sessionId);
    expect(booking.status).toBe("REFUNDED");
    expect(booking.payment).toMatchObject({ status: "REFUNDED", refundId: expect.stringMatching(/^re_/) });
    expect(sandbox.refunds()).toEqual(expect.arrayContaining([expect.objectContaining({ payment_intent: booking.payment!.paymentIntentId, amount: 9500 })]));
    const mails = await mailsTo(late.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/full refund/)]);
    expect((await bookingOf(other.body.sessionId)).status).toBe("CONFIRMED");
  });

  it("still confirms a late payment when the slot has room", async () => {
    const late = await holdSlot();
    await db.consultationBooking.update({ where: { id: late.booking.id }, data: { holdExpiresAt: new Date(Date.now() - 60_000) } });
    await sandbox.pay(late.sessionId);
    expect((await bookingOf(late.sessionId)).status).toBe("CONFIRMED");
  });

  it("waits for an asynchronous payment, then confirms it or releases the slot", async () => {
    const ok = await holdSlot();
    await sandbox.pay(ok.sessionId, { paymentStatus: "unpaid" });
    expect((await bookingOf(ok.sessionId)).payment?.status).toBe("PROCESSING");
    await sandbox.settle(ok.sessionId, "succeeded");
    expect((await bookingOf(ok.sessionId)).status).toBe("CONFIRMED");

    const failed = await holdSlot();
    await sandbox.pay(failed.sessionId, { paymentStatus: "unpaid" });
    await sandbox.settle(failed.sessionId, "failed");
    const booking = await bookingOf(failed.sessionId);
    expect(booking.status).toBe("EXPIRED");
    expect(booking.payment?.status).toBe("FAILED");
  });

  it("ignores an expiry that arrives after the payment", async () => {
    const { sessionId } = await holdSlot();
    await sandbox.pay(sessionId);
    const session = { ...sandbox.session(sessionId), status: "expired" };
    const payload = JSON.stringify({ id: "evt_test_late_expiry", object: "event", type: "checkout.session.expired", data: { object: session } });
    expect((await deliverWebhook(payload, sign(payload))).body.result).toBe("unchanged");
    expect((await bookingOf(sessionId)).status).toBe("CONFIRMED");
  });

  it("ignores a session that is not ours or whose amount differs from our record", async () => {
    const { sessionId } = await holdSlot();
    const tampered = { ...sandbox.session(sessionId), status: "complete", payment_status: "paid", amount_total: 1 };
    const payload = JSON.stringify({ id: "evt_test_amount", object: "event", type: "checkout.session.completed", data: { object: tampered } });
    expect((await deliverWebhook(payload, sign(payload))).body.result).toBe("not-ours");
    expect((await bookingOf(sessionId)).status).toBe("PENDING_PAYMENT");
  });
});
