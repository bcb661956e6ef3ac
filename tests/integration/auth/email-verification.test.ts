import { createHash } from "node:crypto";
import { POST as resend } from "@/app/api/account/email-verification/route";
import { GET as getAccount } from "@/app/api/account/route";
import { POST as register } from "@/app/api/register/route";
import * as verifyRoute from "@/app/api/verify-email/route";
import { EMAIL_VERIFIED } from "@/lib/server/auth/verify-email";
import { EMAIL_LINK_INVALID } from "@/lib/validation/auth";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, emailedTokens, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const WELCOME = /^Welcome to/;
const RESENT = /^Confirm your email address/;
let addressSeq = 0;
const fromAddress = () => ({ "x-forwarded-for": `198.51.100.${++addressSeq}` });
const verify = (token: unknown, options: { headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
  call(verifyRoute.POST, "/api/verify-email", { json: { token }, headers: { ...fromAddress(), ...options.headers }, cookies: options.cookies });

async function registerNew() {
  const email = uniqueEmail("verify");
  const password = "a long enough passphrase";
  const res = await call(register, "/api/register", { json: { name: "Priya Shah", email, password, password_confirmation: password }, headers: fromAddress() });
  expect(res.status).toBe(201);
  const [token] = await emailedTokens(email, WELCOME);
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, emailVerifiedAt: true } });
  return { ...user, email, password, token: token ?? "" };
}

describe("email verification at registration", () => {
  it("emails a welcome with a single-use link; only the token's SHA-256 is stored, for 24 hours", async () => {
    const user = await registerNew();
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.emailVerification.findMany({ where: { userId: user.id } });
    expect(row).toMatchObject({ purpose: "SIGN_UP", email: user.email, usedAt: null });
    expect(row?.tokenHash).toBe(createHash("sha256").update(user.token).digest("hex"));
    const hours = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it("an unverified user can sign in; GET /api/account says so", async () => {
    const user = await registerNew();
    const { token } = await signIn(user);
    const account = await call(getAccount, "/api/account", { headers: bearer(token) });
    expect(account.body).toMatchObject({ email: user.email, email_verified: false, pending_email: null });
  });

  it("verifies the address by POST with the token alone, once", async () => {
    const user = await registerNew();
    const done = await verify(user.token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ purpose: "SIGN_UP", message: EMAIL_VERIFIED });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeInstanceOf(Date);

    const again = await verify(user.token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: EMAIL_LINK_INVALID, errors: { token: [EMAIL_LINK_INVALID] } });
  });

  it("lets only one of two simultaneous uses of a link succeed", async () => {
    const user = await registerNew();
    const results = await Promise.all([verify(user.token), verify(user.token)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 422]);
  });

  it("has no GET handler: opening the link (a mail scanner) cannot use it up", () => {
    expect(Object.keys(verifyRoute)).toEqual(["POST"]);
  });

  it("refuses an expired link, an unknown one and a malformed one with the same 422", async () => {
    const user = await registerNew();
    await db.emailVerification.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const token of [user.token, "x".repeat(43), "short", 42]) {
      const res = await verify(token);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: EMAIL_LINK_INVALID, errors: { token: [EMAIL_LINK_INVALID] } });
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();
  });

  it("uses the link for its own account, whoever else is signed in in that browser", async () => {
    const user = await registerNew();
    const other = await signIn(await createUser());
    expect((await verify(user.token, { cookies: other.cookies })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it("never writes the token to the logs", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) => jest.spyOn(console, method).mockImplementation(() => {}));
    try {
      const user = await registerNew();
      await verify(user.token);
      await verify(user.token);
      const logged = spies.flatMap((spy) => spy.mock.calls.flat().map(String)).join("\n");
      expect(logged).not.toContain(user.token);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("throttles link attempts per client address (20 per 15 minutes) with 429", async () => {
    const headers = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < 20; i += 1) expect((await verify("y".repeat(43), { headers })).status).toBe(422);
    const blocked = await verify("y".repeat(43), { headers });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("POST /api/account/email-verification (send the link again)", () => {
  it("answers 401 to a visitor who is not signed in", async () => {
    expect((await call(resend, "/api/account/email-verification", { method: "POST" })).status).toBe(401);
  });

  it("emails a new link and voids the earlier ones: only the newest works", async () => {
    const user = await registerNew();
    const { token } = await signIn(user);
    const res = await call(resend, "/api/account/email-verification", { method: "POST", headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`We have sent a new link to ${user.email}. It expires in 24 hours.`);
    const [fresh] = await emailedTokens(user.email, RESENT);
    expect(fresh).toBeDefined();
    expect((await verify(user.token)).status).toBe(422);
    expect((await verify(fresh)).status).toBe(200);
  });

  it("answers 409 once the address is verified, and sends nothing", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const res = await call(resend, "/api/account/email-verification", { method: "POST", headers: bearer(token) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Your email address is already verified.");
    expect(await db.outboxEmail.count({ where: { toAddress: user.email } })).toBe(0);
  });

  it("sends at most 3 an hour per account (429 with Retry-After), even from new sessions", async () => {
    const user = await createUser({ emailVerified: false });
    for (let i = 0; i < 3; i += 1) {
      const { token } = await signIn(user);
      expect((await call(resend, "/api/account/email-verification", { method: "POST", headers: bearer(token) })).status).toBe(200);
    }
    const { token } = await signIn(user);
    const blocked = await call(resend, "/api/account/email-verification", { method: "POST", headers: bearer(token) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await emailedTokens(user.email, RESENT)).toHaveLength(3);
  });
});
