import { GET as availability } from "@/app/api/consultations/availability/route";
import { addDays } from "date-fns";
import { calendarDay, slotStart, toIsoDate, WEEKEND_MESSAGE } from "@/lib/booking/schedule";
import { londonToday } from "@/lib/format/dates";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { startTestSandbox } from "@/tests/support/stripe-sandbox";
import { ADDRESS_HOLDS_MESSAGE, MAX_HOLDS_PER_ADDRESS, MAX_HOLDS_PER_PERSON, PERSON_HOLDS_MESSAGE } from "@/lib/server/booking/hold-caps";
import { clientAddressHeader, freshSlot, payForSlot, upcomingWeekdays } from "@/tests/factories/booking";
import { createUser, signIn } from "@/tests/factories/user";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await db.$disconnect();
});

const doctor = "doctor-consultation"; // capacity 1 per slot in the seed
describe("POST /api/consultations/pay", () => {
  it("holds the slot and opens a checkout session priced from the database, whatever the client sends", async () => {
    const slot = await freshSlot();
    const res = await payForSlot(slot, { extra: { price: 1, amount: 1, amount_total: 1, price_pence: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sessionId: expect.stringMatching(/^cs_test_/), url: expect.stringContaining(res.body.sessionId), message: expect.any(String) });
    const session = sandbox.session(res.body.sessionId)!;
    expect(session.amount_total).toBe(5000);
    expect(session.currency).toBe("gbp");
    const payment = await db.payment.findUniqueOrThrow({ where: { checkoutSessionId: res.body.sessionId }, include: { booking: true } });
    expect(session.client_reference_id).toBe(payment.id);
    expect(session.metadata).toMatchObject({ payment_id: payment.id, booking_id: payment.booking?.id });
    expect(payment).toMatchObject({ amountPence: 5000, status: "OPEN" });
    expect(payment.booking).toMatchObject({ status: "PENDING_PAYMENT", pricePence: 5000 });
    // The checkout session stops taking payment before the hold runs out.
    expect(session.expires_at * 1000).toBeLessThan(payment.booking!.holdExpiresAt!.getTime());
    expect(payment.expiresAt.getTime()).toBe(session.expires_at * 1000);
  });

  it("prices the same-day doctor consultation at £95", async () => {
    const res = await payForSlot((await freshSlot()), { type: doctor });
    expect(res.status).toBe(200);
    expect(sandbox.session(res.body.sessionId)!.amount_total).toBe(9500);
  });

  it("gives a double click the same session and one hold", async () => {
    const slot = await freshSlot();
    const guestId = makeGuestId();
    const email = uniqueEmail("double");
    const [a, b] = await Promise.all([payForSlot(slot, { guestId, email }), payForSlot(slot, { guestId, email })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.sessionId).toBe(b.body.sessionId);
    expect(await db.consultationBooking.count({ where: { clientEmail: email } })).toBe(1);
  });

  it("lets exactly one of 50 concurrent requests take the last place", async () => {
    const slot = await freshSlot();
    const results = await Promise.all(Array.from({ length: 50 }, () => payForSlot(slot, { type: doctor })));
    const opened = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set(["Slot not available."]));
    const holds = await db.consultationBooking.findMany({ where: { slot: { consultationType: { slug: doctor } }, payment: { checkoutSessionId: opened[0]!.body.sessionId } } });
    expect(holds).toHaveLength(1);
    const inSlot = await db.consultationBooking.count({ where: { slotId: holds[0]!.slotId } });
    expect(inSlot).toBe(1);
  });

  it("fills a slot of capacity 2 with two holds and then refuses, and availability says so", async () => {
    const slot = await freshSlot();
    expect((await payForSlot(slot)).status).toBe(200);
    expect((await payForSlot(slot)).status).toBe(200);
    const third = await payForSlot(slot);
    expect(third).toMatchObject({ status: 409, body: { message: "Slot not available." } });
    const res = await call(availability, `/api/consultations/availability?date=${slot.date}&type=hair-consultation`);
    expect(res.status).toBe(200);
    expect(res.body.slots.find((s: { time: string }) => s.time === slot.time)).toEqual({ time: slot.time, available: false });
    expect(res.body.slots).toHaveLength(7);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["a weekend", () => nextWeekendDate(), WEEKEND_MESSAGE],
    ["a past date", () => toIsoDate(addDays(calendarDay(londonToday()), -1)), "That date has passed. Please choose a date from today onwards."],
    ["a date beyond 30 days", () => toIsoDate(addDays(calendarDay(londonToday()), 31)), "Appointments can be booked up to 30 days ahead. Please choose an earlier date."],
  ])("refuses %s with a 422 and a message", async (_label, date, message) => {
    const before = await db.consultationBooking.count();
    const res = await payForSlot({ date: date(), time: "10:00 AM" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { date: [message] } });
    expect(await db.consultationBooking.count()).toBe(before);
  });

  it("refuses unknown time labels, impossible dates, bad emails and unknown types", async () => {
    const date = upcomingWeekdays()[0]!;
    const badTime = await payForSlot({ date, time: "09:30 AM" });
    expect(badTime.status).toBe(422);
    expect(badTime.body.errors.time[0]).toMatch(/Please choose one of the listed times/);
    expect((await payForSlot({ date: "2026-02-30", time: "09:00 AM" })).body.errors.date).toEqual(["Please choose a date from the calendar (yyyy-MM-dd)."]);
    const badEmail = await payForSlot({ date, time: "09:00 AM" }, { email: "not-an-email" });
    expect(badEmail.body.errors.client_email).toEqual(["Enter a valid email address, like name@example.com."]);
    const badType = await payForSlot({ date, time: "09:00 AM" }, { type: "brain-surgery" });
    expect(badType).toMatchObject({ status: 422, body: { errors: { type: ["Please choose a consultation type."] } } });
  });

  it("refuses a slot less than an hour away (London time)", async () => {
    const day = upcomingWeekdays(1)[0]!;
    // Pretend it is 09:30 in London on that day; only Date is faked, timers and I/O are real.
    jest.useFakeTimers({ now: slotStart(day, "09:00 AM").getTime() + 30 * 60_000, doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    try {
      const tooSoon = await payForSlot({ date: day, time: "10:00 AM" });
      expect(tooSoon).toMatchObject({ status: 422, body: { errors: { time: ["That time is too soon or has passed. Please choose a later time."] } } });
      expect((await payForSlot({ date: day, time: "09:00 AM" })).status).toBe(422);
    } finally {
      jest.useRealTimers();
    }
  });

  it("throttles one client address after 10 hold attempts in 15 minutes (429 with Retry-After)", async () => {
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await payForSlot(await freshSlot(), { headers }));
    // Three holds, then the address's hold cap; every attempt counts against the throttle.
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    expect(answers[3]!.body.message).toBe(ADDRESS_HOLDS_MESSAGE);
    const refused = await payForSlot(await freshSlot(), { headers });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  describe("holds one client may keep at once", () => {
    const held = (where: object) => db.consultationBooking.count({ where: { ...where, status: "PENDING_PAYMENT", holdExpiresAt: { gt: new Date() } } });

    it(`refuses a third unpaid hold for one email, whatever address or guest asks (429, Retry-After)`, async () => {
      const email = uniqueEmail("two-holds");
      expect((await payForSlot(await freshSlot(), { email })).status).toBe(200);
      expect((await payForSlot(await freshSlot(), { email: email.toUpperCase() })).status).toBe(200);
      const third = await payForSlot(await freshSlot(), { email });
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(PERSON_HOLDS_MESSAGE);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(30 * 60);
      expect(await held({ clientEmail: { equals: email, mode: "insensitive" } })).toBe(MAX_HOLDS_PER_PERSON);
    });

    it("refuses a third unpaid hold for one account, whatever emails it books for", async () => {
      const user = await createUser();
      const { cookies } = await signIn(user);
      for (let i = 0; i < MAX_HOLDS_PER_PERSON; i += 1) expect((await payForSlot(await freshSlot(), { cookies })).status).toBe(200);
      const third = await payForSlot(await freshSlot(), { cookies });
      expect(third).toMatchObject({ status: 429, body: { message: PERSON_HOLDS_MESSAGE } });
      expect(await held({ userId: user.id })).toBe(MAX_HOLDS_PER_PERSON);
    });

    it("refuses a fourth unpaid hold from one address, whatever emails and guests it uses", async () => {
      const headers = clientAddressHeader();
      for (let i = 0; i < MAX_HOLDS_PER_ADDRESS; i += 1) expect((await payForSlot(await freshSlot(), { headers })).status).toBe(200);
      const fourth = await payForSlot(await freshSlot(), { headers });
      expect(fourth).toMatchObject({ status: 429, body: { message: ADDRESS_HOLDS_MESSAGE } });
      // Another address is not affected.
      expect((await payForSlot(await freshSlot())).status).toBe(200);
    });

    it("still gives a person at the cap their existing hold back for the same slot", async () => {
      const email = uniqueEmail("retry-at-cap");
      const guestId = makeGuestId();
      const slot = await freshSlot();
      const first = await payForSlot(slot, { email, guestId });
      expect((await payForSlot(await freshSlot(), { email, guestId })).status).toBe(200);
      const again = await payForSlot(slot, { email, guestId });
      expect(again.status).toBe(200);
      expect(again.body.sessionId).toBe(first.body.sessionId);
    });

    it("never lets concurrent requests for one email pass the cap", async () => {
      const email = uniqueEmail("racing");
      const slots = [];
      for (let i = 0; i < 6; i += 1) slots.push(await freshSlot());
      const answers = await Promise.all(slots.map((slot) => payForSlot(slot, { email })));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_HOLDS_PER_PERSON);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6 - MAX_HOLDS_PER_PERSON);
      expect(await held({ clientEmail: email })).toBe(MAX_HOLDS_PER_PERSON);
    });

    it("stops counting a hold once it has expired, been released or paid", async () => {
      const email = uniqueEmail("expired");
      for (let i = 0; i < MAX_HOLDS_PER_PERSON; i += 1) expect((await payForSlot(await freshSlot(), { email })).status).toBe(200);
      expect((await payForSlot(await freshSlot(), { email })).status).toBe(429);
      await db.consultationBooking.updateMany({ where: { clientEmail: email }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
      expect((await payForSlot(await freshSlot(), { email })).status).toBe(200);
    });
  });

  it("answers 502 with the provider's message and releases the hold when checkout cannot open", async () => {
    await sandbox.close();
    try {
      const slot = await freshSlot();
      const res = await payForSlot(slot, { type: doctor });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/^We could not start the payment: .+ Please try again\.$/);
      const booking = await db.consultationBooking.findFirstOrThrow({ orderBy: { createdAt: "desc" }, include: { payment: true } });
      expect(booking.status).toBe("EXPIRED");
      expect(booking.payment?.status).toBe("FAILED");
    } finally {
      sandbox = await startTestSandbox();
    }
  });

});

function nextWeekendDate(): string {
  const today = calendarDay(londonToday());
  for (let offset = 1; offset < 8; offset += 1) {
    const day = addDays(today, offset);
    if (day.getDay() === 6) return toIsoDate(day);
  }
  throw new Error("unreachable");
}
