import { POST as book } from "@/app/api/bookings/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { freshSlot } from "@/tests/factories/booking";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());

async function invite(userId: string, overrides: { feeWaived?: boolean; expiresAt?: Date; type?: string } = {}) {
  const type = await db.consultationType.findUniqueOrThrow({ where: { slug: overrides.type ?? "doctor-consultation" } });
  return db.consultationInvitation.create({
    data: { userId, consultationTypeId: type.id, feeWaived: overrides.feeWaived ?? true, expiresAt: overrides.expiresAt ?? new Date(Date.now() + 7 * 86_400_000) },
  });
}

const bookWith = (token: string, body: Record<string, unknown>) =>
  call(book, "/api/bookings", { json: body, headers: { authorization: `Bearer ${token}` } });

describe("POST /api/bookings (fee-waived invitation)", () => {
  it("books a confirmed, unpaid consultation for the invited patient and uses the invitation up", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const invitation = await invite(user.id);
    const slot = await freshSlot();
    const res = await bookWith(token, { invitation_id: invitation.id, ...slot, hair_concerns: "Shedding after illness." });
    expect(res.status).toBe(201);
    expect(res.body.booking).toMatchObject({ status: "CONFIRMED", feeWaived: true, pricePence: 0, date: slot.date, time: slot.time, clientEmail: user.email });
    expect(await db.payment.count({ where: { booking: { id: res.body.booking.id } } })).toBe(0);
    expect((await db.consultationInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).usedAt).not.toBeNull();
    const again = await bookWith(token, { invitation_id: invitation.id, ...(await freshSlot()) });
    expect(again.status).toBe(422);
    const mails = await db.outboxEmail.findMany({ where: { toAddress: user.email } });
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/is booked/)]);
    expect(mails[0]!.text).toContain("There is no fee for this consultation.");
  });

  it("refuses without sign-in, without an invitation, with someone else's, an expired or a paid one", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const slot = await freshSlot();
    expect((await call(book, "/api/bookings", { json: { ...slot } })).status).toBe(401);
    const missing = await bookWith(token, { ...slot });
    expect(missing).toMatchObject({ status: 422, body: { errors: { invitation_id: ["This invitation link is not valid."] } } });
    const other = await invite((await createUser()).id);
    expect((await bookWith(token, { invitation_id: other.id, ...slot })).body.message).toMatch(/not valid for your account/);
    const expired = await invite(user.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await bookWith(token, { invitation_id: expired.id, ...slot })).status).toBe(422);
    const paid = await invite(user.id, { feeWaived: false });
    expect((await bookWith(token, { invitation_id: paid.id, ...slot })).body.message).toBe("This consultation needs payment. Please book it on the consultation page.");
    expect(await db.consultationBooking.count({ where: { userId: user.id } })).toBe(0);
  });

  it("respects the slot's capacity like a paid booking", async () => {
    const slot = await freshSlot();
    const first = await createUser();
    const second = await createUser();
    const [a, b] = await Promise.all(
      [first, second].map(async (user) => bookWith((await signIn(user)).token, { invitation_id: (await invite(user.id)).id, ...slot })),
    );
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
  });
});
