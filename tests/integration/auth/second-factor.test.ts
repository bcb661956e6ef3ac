import { randomUUID } from "node:crypto";
import { POST as login } from "@/app/api/login/route";
import { POST as loginSecondFactor } from "@/app/api/login/second-factor/route";
import { POST as loginEnrolment } from "@/app/api/login/second-factor/enrolment/route";
import { POST as claim } from "@/app/api/staff/prescriptions/[id]/claim/route";
import { POST as resetStaffSecondFactor } from "@/app/api/staff/staff-members/[id]/second-factor/reset/route";
import { GET as currentUser } from "@/app/api/user/route";
import { createSession } from "@/lib/server/auth/create-session";
import { getSessionUser } from "@/lib/server/auth/get-session-user";
import { CHALLENGE_EXPIRED, issueChallenge } from "@/lib/server/auth/second-factor-challenge";
import { WRONG_SECOND_FACTOR } from "@/lib/server/auth/second-factor/verify-second-factor";
import { openTotpSecret } from "@/lib/server/auth/second-factor/totp";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { totpCode } from "@/tests/support/totp";
import { createStaff, signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const passwordStep = (user: { email: string; password: string }) => call(login, "/api/login", { json: { email: user.email, password: user.password } });
const codeStep = (json: Record<string, unknown>) => call(loginSecondFactor, "/api/login/second-factor", { json });

describe("POST /api/login for staff", () => {
  it("answers a right password with a challenge and creates no session, no token and no cookie", async () => {
    const staff = await createStaff("PRESCRIBER");
    const res = await passwordStep(staff);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ second_factor_required: true, challenge: expect.any(String), enrolment_required: false });
    expect(res.cookies["next-auth.session-token"]).toBeUndefined();
    expect(await db.authSession.count({ where: { userId: staff.id } })).toBe(0);
  });

  it("answers a wrong password with 401 as before, with no challenge", async () => {
    const staff = await createStaff("ADMIN");
    const res = await passwordStep({ email: staff.email, password: "wrong password" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Invalid credentials" });
  });

  it("creates the session, marked as second-factor, for the challenge and a current code", async () => {
    const staff = await createStaff("PHARMACIST");
    const { challenge } = (await passwordStep(staff)).body;
    const res = await codeStep({ challenge, code: await totpCode(staff.totpSecret!) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), user: { id: staff.id, name: staff.name, email: staff.email } });
    expect(res.cookies["next-auth.session-token"]).toBeTruthy();
    const session = await db.authSession.findFirstOrThrow({ where: { userId: staff.id } });
    expect(session.secondFactorAt).not.toBeNull();
    expect((await call(currentUser, "/api/user", { headers: bearer(res.body.token) })).status).toBe(200);
  });

  it("refuses a wrong code with 422 and no session", async () => {
    const staff = await createStaff("PRESCRIBER");
    const { challenge } = (await passwordStep(staff)).body;
    const code = await totpCode(staff.totpSecret!);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const res = await codeStep({ challenge, code: wrong });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ code: [WRONG_SECOND_FACTOR] });
    expect(await db.authSession.count({ where: { userId: staff.id } })).toBe(0);
  });

  it("refuses the same code a second time (replay), even with a fresh challenge", async () => {
    const staff = await createStaff("PRESCRIBER");
    const code = await totpCode(staff.totpSecret!);
    expect((await codeStep({ challenge: (await passwordStep(staff)).body.challenge, code })).status).toBe(200);
    const replayed = await codeStep({ challenge: (await passwordStep(staff)).body.challenge, code });
    expect(replayed.status).toBe(422);
    expect(await db.authSession.count({ where: { userId: staff.id } })).toBe(1);
  });

  it("stops guessing after 5 wrong codes per account (429), even with the right code", async () => {
    const staff = await createStaff("ADMIN");
    const { challenge } = (await passwordStep(staff)).body;
    for (let i = 0; i < 5; i += 1) expect((await codeStep({ challenge, code: `99999${i}` })).status).toBe(422);
    const res = await codeStep({ challenge, code: await totpCode(staff.totpSecret!) });
    expect(res.status).toBe(429);
    expect(await db.authSession.count({ where: { userId: staff.id } })).toBe(0);
  });

  it("refuses a forged, expired or other-password challenge with 401", async () => {
    const staff = await createStaff("PRESCRIBER");
    const code = await totpCode(staff.totpSecret!);
    const { challenge } = (await passwordStep(staff)).body;
    const [payload, signature] = challenge.split(".");
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), userId: randomUUID() })).toString("base64url")}.${signature}`;
    const row = await db.user.findUniqueOrThrow({ where: { id: staff.id }, select: { passwordHash: true } });
    const expired = issueChallenge({ id: staff.id, passwordHash: row.passwordHash }, Date.now() - 10 * 60_000);
    const oldPassword = issueChallenge({ id: staff.id, passwordHash: "$argon2id$an-older-hash" });
    for (const bad of [forged, expired, oldPassword, "nonsense"]) {
      const res = await codeStep({ challenge: bad, code });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(CHALLENGE_EXPIRED);
    }
    expect(await db.authSession.count({ where: { userId: staff.id } })).toBe(0);
  });
});

describe("first sign-in of staff without an authenticator", () => {
  it("enrols (secret, QR, confirm with a code), shows recovery codes once, and each recovery code works once", async () => {
    const staff = await createStaff("PRESCRIBER", true, { enrolled: false });
    const first = await passwordStep(staff);
    expect(first.body).toMatchObject({ second_factor_required: true, enrolment_required: true });
    expect((await codeStep({ challenge: first.body.challenge, recovery_code: "abcd-efgh-jkmn-pqrs" })).status).toBe(422);

    const enrolment = await call(loginEnrolment, "/api/login/second-factor/enrolment", { json: { challenge: first.body.challenge } });
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(enrolment.body.qr.path).toMatch(/^M\d/);
    const stored = await db.user.findUniqueOrThrow({ where: { id: staff.id }, select: { totpSecret: true, totpEnabledAt: true } });
    expect(stored.totpSecret).not.toContain(enrolment.body.secret);
    expect(openTotpSecret(stored.totpSecret!)).toBe(enrolment.body.secret);
    expect(stored.totpEnabledAt).toBeNull();
    expect(await db.authSession.count({ where: { userId: staff.id } })).toBe(0);

    const done = await codeStep({ challenge: first.body.challenge, code: await totpCode(enrolment.body.secret) });
    expect(done.status).toBe(200);
    expect(done.body.recovery_codes).toHaveLength(10);
    expect(done.body.token).toEqual(expect.any(String));
    const hashes = await db.recoveryCode.findMany({ where: { userId: staff.id }, select: { codeHash: true } });
    expect(hashes.map((row) => row.codeHash)).not.toContain(done.body.recovery_codes[0]);

    const recovery = (done.body.recovery_codes as string[])[0]!;
    const withRecovery = await codeStep({ challenge: (await passwordStep(staff)).body.challenge, recovery_code: recovery.toUpperCase() });
    expect(withRecovery.status).toBe(200);
    expect(withRecovery.body.recovery_codes).toBeUndefined();
    const again = await codeStep({ challenge: (await passwordStep(staff)).body.challenge, recovery_code: recovery });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ recovery_code: [WRONG_SECOND_FACTOR] });
  });

  it("will not start an enrolment over an authenticator that is set up (409)", async () => {
    const staff = await createStaff("ADMIN");
    const { challenge } = (await passwordStep(staff)).body;
    expect((await call(loginEnrolment, "/api/login/second-factor/enrolment", { json: { challenge } })).status).toBe(409);
  });
});

describe("a staff session without a second factor", () => {
  it("is not live: the staff API refuses it (401) and so does every other route", async () => {
    const staff = await createStaff("PRESCRIBER");
    const { token, sessionId } = await createSession(staff.id);
    expect(await getSessionUser(token)).toBeNull();
    const id = randomUUID();
    expect((await call(claim, `/api/staff/prescriptions/${id}/claim`, { json: {}, params: { id }, headers: bearer(token) })).status).toBe(401);
    expect((await call(currentUser, "/api/user", { headers: bearer(token) })).status).toBe(401);
    await db.authSession.update({ where: { id: sessionId }, data: { secondFactorAt: new Date() } });
    expect((await getSessionUser(token))?.user.role).toBe("PRESCRIBER");
  });

  it("a patient's one-factor session promoted to staff in the database stops counting", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    expect((await call(currentUser, "/api/user", { headers: bearer(token) })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { role: "ADMIN" } });
    expect((await call(currentUser, "/api/user", { headers: bearer(token) })).status).toBe(401);
    const id = randomUUID();
    expect((await call(resetStaffSecondFactor, `/api/staff/staff-members/${id}/second-factor/reset`, { json: {}, params: { id }, headers: bearer(token) })).status).toBe(401);
  });
});

describe("POST /api/staff/staff-members/{id}/second-factor/reset", () => {
  const reset = (id: string, token: string) => call(resetStaffSecondFactor, `/api/staff/staff-members/${id}/second-factor/reset`, { json: {}, params: { id }, headers: bearer(token) });

  it("clears the authenticator and recovery codes, revokes their sessions, is audited; they enrol again at sign-in", async () => {
    const { staff: admin, token } = await signedInStaff("ADMIN");
    const { staff: pharmacist, token: theirToken } = await signedInStaff("PHARMACIST");
    await db.recoveryCode.create({ data: { userId: pharmacist.id, codeHash: randomUUID() } });
    const res = await reset(pharmacist.id, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/second factor has been reset/);
    const row = await db.user.findUniqueOrThrow({ where: { id: pharmacist.id }, select: { totpSecret: true, totpEnabledAt: true } });
    expect(row).toEqual({ totpSecret: null, totpEnabledAt: null });
    expect(await db.recoveryCode.count({ where: { userId: pharmacist.id } })).toBe(0);
    expect((await call(currentUser, "/api/user", { headers: bearer(theirToken) })).status).toBe(401);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "staff.second_factor_reset", subjectId: pharmacist.id } });
    expect(audit).toMatchObject({ actorId: admin.id, actorRole: "ADMIN", subjectType: "user", detail: { role: "PHARMACIST" } });
    expect((await passwordStep(pharmacist)).body).toMatchObject({ second_factor_required: true, enrolment_required: true });
  });

  it("is refused to staff who are not admins (403) and names no patient (404)", async () => {
    const { token } = await signedInStaff("PRESCRIBER");
    const { staff: other } = await signedInStaff("PHARMACIST");
    expect((await reset(other.id, token)).status).toBe(403);
    expect(await db.auditEvent.count({ where: { action: "staff.second_factor_reset", subjectId: other.id } })).toBe(0);
    const { token: adminToken } = await signedInStaff("ADMIN");
    const patient = await createUser();
    expect((await reset(patient.id, adminToken)).status).toBe(404);
  });
});
