import { POST as contact } from "@/app/api/contact/route";
import { POST as newsletter } from "@/app/api/newsletter/route";
import { SUBSCRIBED_MESSAGE } from "@/lib/server/storefront/create-subscriber";
import { call } from "@/tests/support/request";
import { countRows, db } from "@/tests/support/db";
import { uniqueEmail } from "@/tests/factories/guest";

afterAll(() => db.$disconnect());

describe("POST /api/contact", () => {
  it("stores the message and answers with the spec's thank-you", async () => {
    const email = uniqueEmail("contact");
    const res = await call(contact, "/api/contact", {
      json: { name: "  Sam Patel ", email: email.toUpperCase(), subject: "Delivery", message: "When will my order arrive?" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Thank you for your message! We'll get back to you soon." });
    const stored = await db.contactMessage.findFirstOrThrow({ where: { email } });
    expect(stored).toMatchObject({ name: "Sam Patel", subject: "Delivery", message: "When will my order arrive?" });
  });

  it("refuses missing and invalid fields with 422 field errors and stores nothing", async () => {
    const before = await countRows();
    const res = await call(contact, "/api/contact", { json: { name: "", email: "not-an-email", subject: "x".repeat(151) } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "message", "name", "subject"]);
    expect(res.body.errors.email).toEqual(["Enter a valid email address, like name@example.com."]);
    expect(await countRows()).toEqual(before);
  });
});

describe("POST /api/newsletter", () => {
  it("stores a consented subscriber and emails a personal, single-use 10% code", async () => {
    const email = uniqueEmail("news");
    const res = await call(newsletter, "/api/newsletter", { json: { email, consent: true } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: SUBSCRIBED_MESSAGE });
    const row = await db.newsletterSubscriber.findUniqueOrThrow({ where: { email }, include: { discountCode: true } });
    expect(row.consentText).toMatch(/I agree to receive marketing emails/);
    expect(row.consentedAt).toBeInstanceOf(Date);
    expect(row.discountCode).toMatchObject({ kind: "NEWSLETTER", percentOff: 10 });
    expect(row.discountCode?.code).toMatch(/^WELCOME-[23456789A-HJ-NP-Z]{8}$/);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: email } });
    expect(mail.text).toContain(row.discountCode!.code);
  });

  it("gives every subscriber a different code", async () => {
    const [a, b] = [uniqueEmail("a"), uniqueEmail("b")];
    await call(newsletter, "/api/newsletter", { json: { email: a, consent: true } });
    await call(newsletter, "/api/newsletter", { json: { email: b, consent: true } });
    const codes = await db.discountCode.findMany({ where: { subscriber: { email: { in: [a, b] } } } });
    expect(new Set(codes.map((code) => code.code)).size).toBe(2);
  });

  it("answers a known email (in any case) exactly like a new one, keeps one row and sends no second email", async () => {
    const email = uniqueEmail("repeat");
    const first = await call(newsletter, "/api/newsletter", { json: { email, consent: true } });
    const again = await call(newsletter, "/api/newsletter", { json: { email: email.toUpperCase(), consent: true } });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(1);
    expect(await db.outboxEmail.count({ where: { toAddress: email } })).toBe(1);
  });

  it("makes one subscriber, one code and one email from several simultaneous sign-ups for one email", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(newsletter, "/api/newsletter", { json: { email, consent: true } })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await db.discountCode.count({ where: { subscriber: { email } } })).toBe(1);
    expect(await db.outboxEmail.count({ where: { toAddress: email } })).toBe(1);
  });

  it.each([
    [{ email: "nope", consent: true }, "email"],
    [{ email: uniqueEmail(), consent: false }, "consent"],
    [{ email: uniqueEmail() }, "consent"],
  ])("refuses %j with 422 naming %s", async (json, field) => {
    const before = await countRows();
    const res = await call(newsletter, "/api/newsletter", { json });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
    expect(await countRows()).toEqual(before);
  });
});
