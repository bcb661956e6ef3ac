import { POST as contact } from "@/app/api/contact/route";
import { POST as newsletter } from "@/app/api/newsletter/route";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";

// Public forms that write rows: generous for people, closed to a client filling the database.

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

let addressSeq = 0;
const nextAddress = () => `203.0.113.${++addressSeq}`;
const message = (email: string) => ({ name: "Sam Patel", email, subject: "Delivery", message: "When will my order arrive?" });
const send = (email: string, address: string) => call(contact, "/api/contact", { json: message(email), headers: { "x-forwarded-for": address } });
const subscribe = (email: string, address: string) =>
  call(newsletter, "/api/newsletter", { json: { email, consent: true }, headers: { "x-forwarded-for": address } });

describe("POST /api/contact throttling", () => {
  it("accepts 20 messages an hour from one address, then answers 429 with Retry-After and stores nothing more", async () => {
    const address = nextAddress();
    for (let i = 0; i < rateLimits.contactPerAddress.limit; i += 1) expect((await send(uniqueEmail("flood"), address)).status).toBe(201);
    const email = uniqueEmail("flood");
    const blocked = await send(email, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
    expect((await send(uniqueEmail("neighbour"), nextAddress())).status).toBe(201);
  });

  it("limits one sender email to 5 messages an hour from any address", async () => {
    const email = uniqueEmail("one-sender");
    for (let i = 0; i < rateLimits.contactPerEmail.limit; i += 1) expect((await send(email, nextAddress())).status).toBe(201);
    expect((await send(email.toUpperCase(), nextAddress())).status).toBe(429);
    expect(await db.contactMessage.count({ where: { email } })).toBe(rateLimits.contactPerEmail.limit);
  });
});

describe("POST /api/newsletter throttling", () => {
  it("accepts 30 sign-ups an hour from one address, then answers 429 and stores nothing more", async () => {
    const address = nextAddress();
    const results = await Promise.all(Array.from({ length: rateLimits.newsletterPerAddress.limit }, () => subscribe(uniqueEmail("list"), address)));
    expect(results.map((res) => res.status)).toEqual(Array(rateLimits.newsletterPerAddress.limit).fill(201));
    const email = uniqueEmail("list");
    const blocked = await subscribe(email, address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(0);
  });

  it("limits attempts for one email from many addresses", async () => {
    const email = uniqueEmail("probe");
    expect((await subscribe(email, nextAddress())).status).toBe(201);
    // A known email is answered like a new one (the form does not reveal who subscribed).
    for (let i = 1; i < rateLimits.newsletterPerEmail.limit; i += 1) expect((await subscribe(email, nextAddress())).status).toBe(201);
    expect((await subscribe(email, nextAddress())).status).toBe(429);
  });
});
