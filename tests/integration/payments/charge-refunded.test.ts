import Stripe from "stripe";
import { POST as cancel } from "@/app/api/consultations/bookings/[id]/cancel/route";
import { londonDateAndTime } from "@/lib/booking/schedule";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, startTestSandbox } from "@/tests/support/stripe-sandbox";
import { freshSlot, payForSlot } from "@/tests/factories/booking";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";

// charge.refunded: a refund made outside our flows (staff in the Stripe Dashboard) is brought
// into our records; our own refunds' events change nothing.

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await db.$disconnect();
});

const signer = new Stripe("sk_test_signing_only");
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });

async function confirmedBooking(type?: string) {
  const email = uniqueEmail("refunded");
  const guestId = makeGuestId();
  const res = await payForSlot(await freshSlot(), { email, guestId, type });
  if (res.status !== 200) throw new Error(`pay failed ${res.status}`);
  await sandbox.pay(res.body.sessionId);
  const booking = await db.consultationBooking.findFirstOrThrow({ where: { clientEmail: email }, include: { payment: true } });
  if (booking.status !== "CONFIRMED") throw new Error(`booking is ${booking.status}`);
  return { booking, email, guestId, paymentIntentId: booking.payment!.paymentIntentId!, amount: booking.payment!.amountPence };
}

/** A charge.refunded event as Stripe sends it, signed. */
function chargeRefunded(paymentIntentId: string, amount: number, amountRefunded: number, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  const charge = {
    id: `ch_test_${paymentIntentId.slice(-8)}`,
    object: "charge",
    amount,
    amount_refunded: amountRefunded,
    currency: "gbp",
    payment_intent: paymentIntentId,
    paid: true,
    refunded: amountRefunded >= amount,
    status: "succeeded",
  };
  return JSON.stringify({ id, object: "event", type: "charge.refunded", created: Math.floor(Date.now() / 1000), data: { object: charge } });
}

const bookingWithPayment = (id: string) => db.consultationBooking.findUniqueOrThrow({ where: { id }, include: { payment: true } });
const mailsTo = (email: string) => db.outboxEmail.findMany({ where: { toAddress: email }, orderBy: { createdAt: "asc" } });

/** Waits for the sandbox's own (asynchronous) delivery of the latest charge.refunded event for this intent. */
async function deliveredRefundEvent(paymentIntentId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const event = sandbox.events().find((e) => e.type === "charge.refunded" && e.data.object.payment_intent === paymentIntentId);
    if (event && (await db.stripeEvent.count({ where: { id: event.id } }))) return event;
    if (Date.now() > deadline) throw new Error(`No charge.refunded event was processed for ${paymentIntentId}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("charge.refunded (refunds made in the Stripe Dashboard)", () => {
  it("cancels an upcoming appointment refunded in full by staff, frees its place and tells the patient", async () => {
    const { booking, email, paymentIntentId } = await confirmedBooking("doctor-consultation");
    // What a refund in the Dashboard is: a refund on the payment intent, outside our code.
    await stripe().refunds.create({ payment_intent: paymentIntentId });
    const event = await deliveredRefundEvent(paymentIntentId);
    expect(event.data.object).toMatchObject({ refunded: true, amount_refunded: booking.payment!.amountPence });

    const after = await bookingWithPayment(booking.id);
    expect(after.status).toBe("CANCELLED");
    expect(after.cancelledAt).not.toBeNull();
    expect(after.payment).toMatchObject({ status: "REFUNDED", refundedAt: expect.any(Date) });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/is booked/), expect.stringMatching(/is cancelled/)]);
    expect(mails[1]!.text).toContain("We have refunded £95.00 in full");

    // The doctor slot (capacity 1) can be booked again.
    const slot = await db.consultationSlot.findUniqueOrThrow({ where: { id: booking.slotId } });
    const again = await payForSlot(londonDateAndTime(slot.startsAt), { type: "doctor-consultation" });
    expect(again.status).toBe(200);
  });

  it("changes nothing when the event is for one of our own refunds (a cancellation): one refund, one email", async () => {
    const { booking, email, guestId, paymentIntentId } = await confirmedBooking();
    const res = await call(cancel, `/api/consultations/bookings/${booking.id}/cancel`, { method: "POST", cookies: { guest_id: guestId }, params: { id: booking.id } });
    expect(res.status).toBe(200);
    await deliveredRefundEvent(paymentIntentId);
    const after = await bookingWithPayment(booking.id);
    expect(after.status).toBe("CANCELLED");
    expect(after.payment!.status).toBe("REFUNDED");
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/is booked/), expect.stringMatching(/is cancelled/)]);
    expect(sandbox.refunds().filter((r) => r.payment_intent === paymentIntentId)).toHaveLength(1);
  });

  it("leaves the booking and payment alone after a partial refund", async () => {
    const { booking, email, paymentIntentId, amount } = await confirmedBooking();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await stripe().refunds.create({ payment_intent: paymentIntentId, amount: 1000 });
      const event = await deliveredRefundEvent(paymentIntentId);
      expect(event.data.object).toMatchObject({ refunded: false, amount_refunded: 1000, amount });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Partial refund on payment ${booking.payment!.id}`));
    } finally {
      warn.mockRestore();
    }
    const after = await bookingWithPayment(booking.id);
    expect(after.status).toBe("CONFIRMED");
    expect(after.payment!.status).toBe("PAID");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("records the refund but keeps an appointment that has already taken place (a goodwill refund)", async () => {
    const { booking, email, paymentIntentId, amount } = await confirmedBooking();
    await db.consultationBooking.update({ where: { id: booking.id }, data: { startsAt: new Date(Date.now() - 3_600_000) } });
    const payload = chargeRefunded(paymentIntentId, amount, amount);
    expect((await deliverWebhook(payload, sign(payload))).body).toEqual({ received: true, result: "applied" });
    const after = await bookingWithPayment(booking.id);
    expect(after.status).toBe("CONFIRMED");
    expect(after.payment!.status).toBe("REFUNDED");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("processes a redelivered event once", async () => {
    const { booking, email, paymentIntentId, amount } = await confirmedBooking();
    const payload = chargeRefunded(paymentIntentId, amount, amount);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(payload, sign(payload))));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(results.map((r) => r.body.result).sort()).toEqual(["applied", "duplicate-event", "duplicate-event", "duplicate-event", "duplicate-event"]);
    expect((await bookingWithPayment(booking.id)).status).toBe("CANCELLED");
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("acknowledges a refund for a payment that is not ours without writing anything but the event id", async () => {
    const payload = chargeRefunded("pi_not_ours_123", 5000, 5000);
    const res = await deliverWebhook(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, result: "not-ours" });
  });

  it("refuses an unsigned refund event: 400, nothing changed", async () => {
    const { booking, paymentIntentId, amount } = await confirmedBooking();
    const payload = chargeRefunded(paymentIntentId, amount, amount);
    const res = await deliverWebhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }));
    expect(res.status).toBe(400);
    expect((await bookingWithPayment(booking.id)).payment!.status).toBe("PAID");
  });
});
