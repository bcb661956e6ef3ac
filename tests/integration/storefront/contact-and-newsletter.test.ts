import { POST as contact } from "@/app/api/contact/route";
import { POST as newsletter } from "@/app/api/newsletter/route";
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
  it("stores a consented subscriber and gives the 10% code", async () => {
    const email = uniqueEmail("news");
    const res = await call(newsletter, "/api/newsletter", { json: { email, consent: true } });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe("WELCOME10");
    expect(res.body.message).toContain("WELCOME10");
    const row = await db.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.consentText).toMatch(/I agree to receive marketing emails/);
    expect(row.consentedAt).toBeInstanceOf(Date);
  });

  it("answers a repeated email (in any case) with 409 and keeps one row", async () => {
    const email = uniqueEmail("repeat");
    await call(newsletter, "/api/newsletter", { json: { email, consent: true } });
    const res = await call(newsletter, "/api/newsletter", { json: { email: email.toUpperCase(), consent: true } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This email address is already subscribed to our newsletter.");
    expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(1);
  });

  it("lets exactly one of several simultaneous sign-ups for one email succeed", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(newsletter, "/api/newsletter", { json: { email, consent: true } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
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
