// A separate file: the database client is created once per module registry, so this file
// points it at a port where nothing listens before loading the handlers. Every API then
// answers promptly with 503, the spec's error body and Retry-After: never a hang, never a
// stack trace (issue 13's database outage).
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/lib/server/core/db/database-unavailable";
import { call } from "@/tests/support/request";

beforeAll(() => {
  process.env.DATABASE_URL = "postgresql://nobody@127.0.0.1:9/clinic_test_unreachable";
});

async function expectUnavailable(promise: Promise<{ status: number; body: unknown; headers: Headers }>) {
  const started = Date.now();
  const res = await promise;
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(res.headers.get("retry-after")).toBe("30");
  expect(Date.now() - started).toBeLessThan(6_000);
}

it("answers a public read with 503 and a message", async () => {
  const { GET } = await import("@/app/api/plans/route");
  await expectUnavailable(call(GET, "/api/plans?treatment_type=minoxidil"));
});

it("answers a signed-in read with 503, not 401 (the session cannot be checked)", async () => {
  const { mintSessionToken } = await import("@/lib/server/auth/session-token");
  const token = await mintSessionToken({ userId: "6f1c1c3e-0000-4000-8000-000000000001", sessionId: "6f1c1c3e-0000-4000-8000-000000000002" });
  const { GET } = await import("@/app/api/user/route");
  await expectUnavailable(call(GET, "/api/user", { headers: { authorization: `Bearer ${token}` } }));
});

it("answers a payment request with 503 before anything is held", async () => {
  const { POST } = await import("@/app/api/consultations/pay/route");
  await expectUnavailable(
    call(POST, "/api/consultations/pay", {
      json: { client_name: "Sam Patel", client_email: "sam@example.com", date: "2030-01-07", time: "10:00 AM", hair_concerns: "" },
      headers: { "x-forwarded-for": "2001:db8::503" },
    }),
  );
});

it("recognises the errors Prisma raises for an unreachable database, and nothing else", async () => {
  const { db } = await import("@/lib/server/core/db/client");
  const failure = await db.user.findFirst().catch((error: unknown) => error);
  expect(isDatabaseUnavailable(failure)).toBe(true);
  const rawFailure = await db.$queryRaw`SELECT 1`.catch((error: unknown) => error);
  expect(isDatabaseUnavailable(rawFailure)).toBe(true);
  expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
  expect(isDatabaseUnavailable({ code: "P2002" })).toBe(false);
  expect(isDatabaseUnavailable({ code: "57P01" })).toBe(true);
});

it("answers a payment webhook with 503, so the provider delivers it again once the database is back", async () => {
  const { default: Stripe } = await import("stripe");
  const { POST } = await import("@/app/api/webhooks/stripe/route");
  const payload = JSON.stringify({
    id: "evt_database_down",
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: "cs_test_database_down", object: "checkout.session", client_reference_id: "6f1c1c3e-0000-4000-8000-000000000003", metadata: {}, payment_status: "paid", status: "complete" } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
  await expectUnavailable(call(POST, "/api/webhooks/stripe", { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature }, xsrf: false }));
});
