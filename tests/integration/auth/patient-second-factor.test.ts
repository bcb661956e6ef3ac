import { POST as login } from "@/app/api/login/route";
import { POST as loginSecondFactor } from "@/app/api/login/second-factor/route";
import { POST as enable } from "@/app/api/account/second-factor/route";
import { POST as disable } from "@/app/api/account/second-factor/disable/route";
import { POST as setup } from "@/app/api/account/second-factor/setup/route";
import { STAFF_KEEP_SECOND_FACTOR } from "@/lib/server/account/disable-totp";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { totpCode } from "@/tests/support/totp";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function patientWithTotp() {
  const user = await createUser();
  const { token } = await signIn(user);
  const started = await call(setup, "/api/account/second-factor/setup", { json: {}, headers: bearer(token) });
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const enabled = await call(enable, "/api/account/second-factor", { json: { code: await totpCode(secret) }, headers: bearer(token) });
  expect(enabled.status).toBe(200);
  return { user, token, secret, recoveryCodes: enabled.body.recovery_codes as string[] };
}

describe("a patient's optional second factor", () => {
  it("without it, POST /api/login answers exactly {token, user} as the spec says", async () => {
    const user = await createUser();
    const res = await call(login, "/api/login", { json: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
  });

  it("turning it on needs a right code from the new authenticator, and returns recovery codes once", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const started = await call(setup, "/api/account/second-factor/setup", { json: {}, headers: bearer(token) });
    const right = await totpCode(started.body.secret);
    const wrong = await call(enable, "/api/account/second-factor", { json: { code: right === "123456" ? "654321" : "123456" }, headers: bearer(token) });
    expect(wrong.status).toBe(422);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).toBeNull();
    // A pending authenticator does not change sign-in.
    expect(Object.keys((await call(login, "/api/login", { json: { email: user.email, password: user.password } })).body).sort()).toEqual(["token", "user"]);
  });

  it("once on, sign-in takes a code: no session after the password, a session after the code", async () => {
    const { user, secret } = await patientWithTotp();
    const sessionsBefore = await db.authSession.count({ where: { userId: user.id } });
    const first = await call(login, "/api/login", { json: { email: user.email, password: user.password } });
    expect(first.body).toEqual({ second_factor_required: true, challenge: expect.any(String), enrolment_required: false });
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(sessionsBefore);
    const second = await call(loginSecondFactor, "/api/login/second-factor", { json: { challenge: first.body.challenge, code: await totpCode(secret) } });
    expect(second.status).toBe(200);
    expect(second.body.token).toEqual(expect.any(String));
  });

  it("turning it off needs the password and a code (or a recovery code); then sign-in is one step again", async () => {
    const { user, token, secret, recoveryCodes } = await patientWithTotp();
    const noCode = await call(disable, "/api/account/second-factor/disable", { json: { password: user.password }, headers: bearer(token) });
    expect(noCode.status).toBe(422);
    const wrongPassword = await call(disable, "/api/account/second-factor/disable", { json: { password: "not it", code: await totpCode(secret) }, headers: bearer(token) });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors).toHaveProperty("password");
    const off = await call(disable, "/api/account/second-factor/disable", { json: { password: user.password, recovery_code: recoveryCodes[0] }, headers: bearer(token) });
    expect(off.status).toBe(200);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const res = await call(login, "/api/login", { json: { email: user.email, password: user.password } });
    expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
  });

  it("staff cannot turn theirs off (403)", async () => {
    const { staff, token } = await signedInStaff("PRESCRIBER");
    const res = await call(disable, "/api/account/second-factor/disable", { json: { password: staff.password, code: await totpCode(staff.totpSecret!) }, headers: bearer(token) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(STAFF_KEEP_SECOND_FACTOR);
  });
});
