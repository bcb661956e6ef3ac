import { POST as cancel } from "@/app/api/consultations/bookings/[id]/cancel/route";
import { POST as release } from "@/app/api/consultations/bookings/[id]/release/route";
import { DELETE as deleteAccount } from "@/app/api/account/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as linkGuest } from "@/app/api/link-guest-subscriptions/route";
import { londonDateAndTime } from "@/lib/booking/schedule";
import type { Actor } from "@/lib/server/core/actor/types";
import { confirmBookingReturn } from "@/lib/server/booking/confirm-booking-return";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { withinRateLimit } from "@/lib/server/services/rate-limit/within-rate-limit";
import { listUserBookings } from "@/lib/server/booking/list-user-bookings";
import { hashGuestId } from "@/lib/server/core/actor/guest-id";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { startTestSandbox } from "@/tests/support/stripe-sandbox";
import { freshSlot, payForSlot } from "@/tests/factories/booking";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";
import { patientActor } from "@/tests/factories/actor";
import { newClientAddress, spendCheckoutReturnBudget } from "@/tests/factories/client-address";

/** The confirmation page, as a client at its own address (its own budget of provider look-ups) sees it. */
const returnTo = (sessionId: string, actor: Actor | null = null, clientAddress = newClientAddress()) => confirmBookingReturn({ sessionId, actor, clientAddress });

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await db.$disconnect();
});

async function confirmedBooking(cookies: Record<string, string>, type?: string) {
  const email = uniqueEmail("manage");
  const res = await payForSlot((await freshSlot()), { email, cookies, type });
  if (res.status !== 200) throw new Error(`pay failed ${res.status}`);
  await sandbox.pay(res.body.sessionId);
  const booking = await db.consultationBooking.findFirstOrThrow({ where: { clientEmail: email }, include: { payment: true } });
  return { booking, email, sessionId: res.body.sessionId as string };
}

const cancelAs = (id: string, cookies: Record<string, string>) => call(cancel, `/api/consultations/bookings/${id}/cancel`, { method: "POST", cookies, params: { id } });
const releaseAs = (id: string, cookies: Record<string, string>) => call(release, `/api/consultations/bookings/${id}/release`, { method: "POST", cookies, params: { id } });

describe("cancelling a booking (owner, 24 hours ahead, refunded)", () => {
  it("cancels and refunds a paid booking for its owner, once", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const { booking, email } = await confirmedBooking(cookies);
    const res = await cancelAs(booking.id, cookies);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Your appointment is cancelled and your payment will be refunded in full.", booking: { status: "CANCELLED", canCancel: false } });
    const after = await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id }, include: { payment: true } });
    expect(after.payment).toMatchObject({ status: "REFUNDED", refundId: expect.stringMatching(/^re_/) });
    expect(sandbox.refunds().filter((r: { payment_intent: string }) => r.payment_intent === after.payment!.paymentIntentId)).toHaveLength(1);
    // Twice is a no-op: no second refund, no second email.
    expect((await cancelAs(booking.id, cookies)).status).toBe(200);
    expect(sandbox.refunds().filter((r: { payment_intent: string }) => r.payment_intent === after.payment!.paymentIntentId)).toHaveLength(1);
    const mails = await db.outboxEmail.findMany({ where: { toAddress: email }, orderBy: { createdAt: "asc" } });
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/is booked/), expect.stringMatching(/is cancelled/)]);
  });

  it("frees the place for someone else", async () => {
    const guest = { guest_id: makeGuestId() };
    const { booking } = await confirmedBooking(guest, "doctor-consultation");
    expect((await cancelAs(booking.id, guest)).status).toBe(200);
    const slot = await db.consultationSlot.findUniqueOrThrow({ where: { id: booking.slotId } });
    expect((await payForSlot(londonDateAndTime(slot.startsAt), { type: "doctor-consultation" })).status).toBe(200);
  });

  it("refuses within 24 hours of the start with a clear message", async () => {
    const guest = { guest_id: makeGuestId() };
    const { booking } = await confirmedBooking(guest);
    await db.consultationBooking.update({ where: { id: booking.id }, data: { startsAt: new Date(Date.now() + 23 * 3_600_000) } });
    const res = await cancelAs(booking.id, guest);
    expect(res).toMatchObject({ status: 409, body: { message: expect.stringMatching(/up to 24 hours before/) } });
    expect((await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("CONFIRMED");
  });

  it("answers 404 to anyone but the owner, and to malformed ids", async () => {
    const { booking } = await confirmedBooking({ guest_id: makeGuestId() });
    const stranger = await signIn(await createUser());
    expect((await cancelAs(booking.id, stranger.cookies)).status).toBe(404);
    expect((await cancelAs(booking.id, { guest_id: makeGuestId() })).status).toBe(404);
    expect((await cancelAs(booking.id, {})).status).toBe(404);
    expect((await cancelAs("not-a-uuid", {})).status).toBe(404);
    expect((await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("CONFIRMED");
  });
});

describe("coming back from a cancelled checkout", () => {
  it("expires the checkout session and releases the hold", async () => {
    const guest = { guest_id: makeGuestId() };
    const slot = await freshSlot();
    const res = await payForSlot(slot, { cookies: guest, type: "doctor-consultation" });
    const booking = await db.consultationBooking.findFirstOrThrow({ where: { payment: { checkoutSessionId: res.body.sessionId } } });
    expect((await releaseAs(booking.id, guest)).status).toBe(200);
    expect(sandbox.session(res.body.sessionId)?.status).toBe("expired");
    expect((await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("EXPIRED");
    expect((await payForSlot(slot, { type: "doctor-consultation" })).status).toBe(200);
  });

  it("keeps a booking that was paid meanwhile", async () => {
    const guest = { guest_id: makeGuestId() };
    const { booking } = await confirmedBooking(guest);
    expect((await releaseAs(booking.id, guest)).status).toBe(200);
    expect((await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("CONFIRMED");
  });

  it("will not release someone else's hold", async () => {
    const res = await payForSlot((await freshSlot()));
    const booking = await db.consultationBooking.findFirstOrThrow({ where: { payment: { checkoutSessionId: res.body.sessionId } } });
    expect((await releaseAs(booking.id, { guest_id: makeGuestId() })).status).toBe(404);
    expect((await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("PENDING_PAYMENT");
  });
});

describe("the success page and the dashboard", () => {
  it("confirms on return, shows details only to the owner, and lists the booking in the dashboard", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const res = await payForSlot((await freshSlot()), { cookies });
    await sandbox.pay(res.body.sessionId);
    const mine = await returnTo(res.body.sessionId, patientActor(user));
    expect(mine).toMatchObject({ state: "paid", view: { status: "CONFIRMED", typeName: "Hair consultation", canCancel: true } });
    const theirs = await returnTo(res.body.sessionId, patientActor(await createUser()));
    expect(theirs).toEqual({ state: "paid", view: null });
    expect(await returnTo("cs_test_doesnotexist")).toEqual({ state: "not-found", view: null });
    expect(await returnTo("../../etc/passwd")).toEqual({ state: "not-found", view: null });
    const listed = await listUserBookings(patientActor(user));
    expect(listed).toEqual([expect.objectContaining({ reference: mine.view!.reference, statusLabel: "Confirmed" })]);
    expect(JSON.stringify(listed)).not.toContain("Thinning");
  });

  it("asks the payment provider only about our own still-open sessions, and only within the caller's budget", async () => {
    const retrieve = jest.spyOn(stripe().checkout.sessions, "retrieve");
    try {
      expect(await returnTo("cs_test_notoursatall")).toEqual({ state: "not-found", view: null });
      expect(retrieve).not.toHaveBeenCalled();
      const guestId = makeGuestId();
      const owner: Actor = { kind: "guest", guestId, isNew: false };
      const res = await payForSlot((await freshSlot()), { guestId });
      const spent = newClientAddress();
      await spendCheckoutReturnBudget(spent);
      expect(await returnTo(res.body.sessionId, owner, spent)).toMatchObject({ state: "confirming", view: { status: "PENDING_PAYMENT" } });
      expect(retrieve).not.toHaveBeenCalled();
      // Someone else holding the link (or nobody) is answered from our records: the provider is asked only for the owner.
      expect(await returnTo(res.body.sessionId)).toEqual({ state: "confirming", view: null });
      expect(await returnTo(res.body.sessionId, patientActor(await createUser()))).toEqual({ state: "confirming", view: null });
      expect(retrieve).not.toHaveBeenCalled();
      expect(await returnTo(res.body.sessionId, owner)).toMatchObject({ state: "failed", view: { status: "PENDING_PAYMENT" } });
      expect(retrieve).toHaveBeenCalledTimes(1);
    } finally {
      retrieve.mockRestore();
    }
    // The budget: 30 look-ups per client address per 15 minutes, then none.
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}-${Date.now()}`;
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await withinRateLimit(rateLimits.checkoutReturnLookupPerAddress, address));
    expect(answers.filter(Boolean)).toHaveLength(30);
    expect(answers.at(-1)).toBe(false);
  });

  it("moves a guest's bookings to the account the guest signs in to", async () => {
    const guestId = makeGuestId();
    const { booking } = await confirmedBooking({ guest_id: guestId });
    const user = await createUser();
    const { cookies } = await signIn(user);
    const res = await call(linkGuest, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, cookies });
    expect(res.status).toBe(200);
    const moved = await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(moved).toMatchObject({ userId: user.id, guestKeyHash: null });
    expect(moved.guestKeyHash).not.toBe(hashGuestId(guestId));
  });

  it("puts the bookings in the data export, and keeps them (detached) when the account is deleted", async () => {
    const user = await createUser();
    const { cookies, token } = await signIn(user);
    const { booking } = await confirmedBooking(cookies);
    const exported = await call(exportData, "/api/account/export", { headers: { authorization: `Bearer ${token}` } });
    expect(exported.body.consultation_bookings).toEqual([
      expect.objectContaining({ reference: booking.reference, consultation: "Hair consultation", status: "CONFIRMED", hairConcerns: "Thinning at the crown for a year.", payment: expect.objectContaining({ status: "PAID", amountPence: 5000 }) }),
    ]);
    const deleted = await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: user.password }, headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(200);
    const kept = await db.consultationBooking.findUniqueOrThrow({ where: { id: booking.id }, include: { payment: true } });
    expect(kept).toMatchObject({ userId: null, guestKeyHash: null, status: "CONFIRMED" });
    expect(kept.payment?.status).toBe("PAID");
  });
});
