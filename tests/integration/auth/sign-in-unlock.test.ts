import { POST as login } from "@/app/api/login/route";
import { POST as unlock } from "@/app/api/unlock-sign-in/route";
import { SIGN_IN_LOCKED } from "@/lib/server/auth/log-in";
import { SIGN_IN_UNLOCKED } from "@/lib/server/auth/unlock-sign-in";
import { UNLOCK_LINK_INVALID } from "@/lib/validation/auth";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, emailedTokens } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const UNLOCK_MAIL = /Unlock sign-in/;

// Each attempt from another address, as a stranger spreading guesses would.
let addressSeq = 0;
const attempt = (email: string, password: string) =>
  call(login, "/api/login", { json: { email, password }, headers: { "x-forwarded-for": `203.0.113.${++addressSeq % 250}` } });

async function lockOut(email: string) {
  for (let i = 0; i < 5; i += 1) expect((await attempt(email, `wrong ${i}`)).status).toBe(401);
  return attempt(email, "still wrong");
}

const useLink = (token: string | undefined) => call(unlock, "/api/unlock-sign-in", { json: { token } });

describe("unlocking sign-in from an emailed link", () => {
  it("emails the owner when the lock refuses, and the link lets them sign in at once", async () => {
    const user = await createUser();
    const refused = await lockOut(user.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: SIGN_IN_LOCKED });
    expect((await attempt(user.email, user.password)).status).toBe(429);
    const [token] = await emailedTokens(user.email, UNLOCK_MAIL);
    const stored = await db.signInUnlockToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toBe(token);
    const used = await useLink(token);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ message: SIGN_IN_UNLOCKED });
    expect((await attempt(user.email, user.password)).status).toBe(200);
  });

  it("refuses a used, an expired and a replaced link with 422 and a clear message", async () => {
    const user = await createUser();
    await lockOut(user.email);
    const [first] = await emailedTokens(user.email, UNLOCK_MAIL);
    expect((await useLink(first)).status).toBe(200);
    const again = await useLink(first);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(UNLOCK_LINK_INVALID);
    expect(again.body.errors.token).toEqual([UNLOCK_LINK_INVALID]);

    await lockOut(user.email); // using the link allows one more email in this window
    const second = (await emailedTokens(user.email, UNLOCK_MAIL)).find((token) => token !== first);
    await db.rateLimitBucket.deleteMany();
    await lockOut(user.email);
    const third = (await emailedTokens(user.email, UNLOCK_MAIL)).find((token) => token !== first && token !== second);
    expect(second).toBeDefined();
    expect(third).toBeDefined();
    expect((await useLink(second)).status).toBe(422); // replaced by the newer link
    await db.signInUnlockToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await useLink(third);
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe(UNLOCK_LINK_INVALID);
    expect((await attempt(user.email, user.password)).status).toBe(429);
  });

  it("answers an unknown email exactly as a known one, and emails no one", async () => {
    const user = await createUser();
    const unknownEmail = uniqueEmail("nobody");
    const known = await lockOut(user.email);
    const unknown = await lockOut(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(known.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await db.outboxEmail.count({ where: { toAddress: unknownEmail } })).toBe(0);
  });

  it("sends at most one unlock email per lock window, however many refusals", async () => {
    const user = await createUser();
    await lockOut(user.email);
    for (let i = 0; i < 5; i += 1) expect((await attempt(user.email, "wrong")).status).toBe(429);
    expect(await emailedTokens(user.email, UNLOCK_MAIL)).toHaveLength(1);
    expect(await db.signInUnlockToken.count({ where: { userId: user.id } })).toBe(1);
  });
});
