import { POST as forgot } from "@/app/api/forgot-password/route";
import { POST as login } from "@/app/api/login/route";
import { POST as reset } from "@/app/api/reset-password/route";
import { GET as currentUser } from "@/app/api/user/route";
import { RESET_REQUESTED_MESSAGE } from "@/lib/server/auth/request-password-reset";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, emailedTokens, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const NEW_PASSWORD = "a brand new passphrase";

async function requestLink(email: string) {
  const res = await call(forgot, "/api/forgot-password", { json: { email } });
  const mail = await db.outboxEmail.findFirst({ where: { toAddress: email, subject: { contains: "Reset" } }, orderBy: { createdAt: "desc" } });
  const token = mail?.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
  return { res, token };
}

describe("forgot and reset password", () => {
  it("answers a known and an unknown email identically, and emails only the account's owner", async () => {
    const user = await createUser();
    const known = await requestLink(user.email);
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await requestLink(unknownEmail);
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(200);
    expect(known.res.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.res.body).toEqual(known.res.body);
    expect(known.token).not.toBeNull();
    expect(await db.outboxEmail.count({ where: { toAddress: unknownEmail } })).toBe(0);
  });

  it("sets the new password once, signs every session out, and refuses the link the second time", async () => {
    const user = await createUser();
    const session = await signIn(user);
    const { token } = await requestLink(user.email);
    const done = await call(reset, "/api/reset-password", { json: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(done.status).toBe(200);
    expect((await call(currentUser, "/api/user", { headers: { authorization: `Bearer ${session.token}` } })).status).toBe(401);
    await signIn({ email: user.email, password: NEW_PASSWORD });
    const again = await call(reset, "/api/reset-password", { json: { token, password: "yet another passphrase", password_confirmation: "yet another passphrase" } });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/invalid or has expired/);
  });

  it("clears the account's sign-in lock: after five wrong passwords, the owner signs in with the new one at once", async () => {
    const user = await createUser();
    const attempt = (password: string) => call(login, "/api/login", { json: { email: user.email, password } });
    for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong ${i}`)).status).toBe(401);
    expect((await attempt(user.password)).status).toBe(429);
    expect((await call(forgot, "/api/forgot-password", { json: { email: user.email } })).status).toBe(200);
    const [token] = await emailedTokens(user.email, /Reset/);
    const done = await call(reset, "/api/reset-password", { json: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(done.status).toBe(200);
    const after = await attempt(NEW_PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.user.id).toBe(user.id);
  });

  it("refuses an expired link and a link replaced by a newer one", async () => {
    const user = await createUser();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    const replaced = await call(reset, "/api/reset-password", { json: { token: first.token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(replaced.status).toBe(422);
    await db.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(reset, "/api/reset-password", { json: { token: second.token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(expired.status).toBe(422);
    await signIn(user); // unchanged
  });

  it("refuses a common or mismatched new password without using up the link", async () => {
    const user = await createUser();
    const { token } = await requestLink(user.email);
    const common = await call(reset, "/api/reset-password", { json: { token, password: "password123", password_confirmation: "password123" } });
    expect(common.status).toBe(422);
    const mismatch = await call(reset, "/api/reset-password", { json: { token, password: NEW_PASSWORD, password_confirmation: "different" } });
    expect(mismatch.body.errors.password_confirmation).toEqual(["Passwords do not match!"]);
    expect((await call(reset, "/api/reset-password", { json: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } })).status).toBe(200);
  });

  it("throttles reset requests per email (3 an hour) with 429, the same for unknown emails", async () => {
    for (const email of [(await createUser()).email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 3; i += 1) expect((await call(forgot, "/api/forgot-password", { json: { email } })).status).toBe(200);
      const blocked = await call(forgot, "/api/forgot-password", { json: { email } });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });
});
