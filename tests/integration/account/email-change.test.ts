import { POST as requestChange } from "@/app/api/account/email/route";
import { GET as getAccount } from "@/app/api/account/route";
import { GET as currentUser } from "@/app/api/user/route";
import { POST as verify } from "@/app/api/verify-email/route";
import { EMAIL_NOW_TAKEN } from "@/lib/server/auth/apply-email-change";
import { EMAIL_LINK_INVALID } from "@/lib/validation/auth";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, emailedTokens, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const CHANGE_LINK = /^Confirm your new email address/;

type Auth = { headers?: Record<string, string>; cookies?: Record<string, string> };
const ask = (auth: Auth, json: unknown) => call(requestChange, "/api/account/email", { json, ...auth });
const confirm = (token: string | undefined, auth: Auth = {}) => call(verify, "/api/verify-email", { json: { token }, ...auth });
const subjectsTo = async (to: string) => (await db.outboxEmail.findMany({ where: { toAddress: to }, select: { subject: true } })).map((mail) => mail.subject).sort();

async function signedInUser() {
  const user = await createUser();
  const session = await signIn(user);
  return { user, session, auth: { headers: bearer(session.token) } };
}

describe("POST /api/account/email (ask to change the address)", () => {
  it("answers 401 to a visitor who is not signed in", async () => {
    expect((await ask({}, { email: uniqueEmail("new"), current_password: "x" })).status).toBe(401);
  });

  it.each([
    ["an invalid address", { email: "not-an-email", current_password: "x" }, "email", "Enter a valid email address, like name@example.com."],
    ["no password", { email: "new@example.com" }, "current_password", "Enter your current password."],
  ])("refuses %s with 422 and sends nothing", async (_label, json, field, message) => {
    const { user, auth } = await signedInUser();
    const res = await ask(auth, json);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await db.outboxEmail.count({ where: { toAddress: user.email } })).toBe(0);
  });

  it("refuses a wrong password and the current address with 422", async () => {
    const { user, auth } = await signedInUser();
    const wrong = await ask(auth, { email: uniqueEmail("new"), current_password: "not my password" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ["Your current password is not correct."] });
    const same = await ask(auth, { email: user.email.toUpperCase(), current_password: user.password });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ email: ["This is already your email address."] });
    expect(await db.emailVerification.count({ where: { userId: user.id } })).toBe(0);
  });

  it("emails a link to the new address and a notice to the old one, and changes nothing yet", async () => {
    const { user, auth } = await signedInUser();
    const newEmail = uniqueEmail("new");
    const res = await ask(auth, { email: ` ${newEmail.toUpperCase()} `, current_password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `We have sent a link to ${newEmail}. Your email address changes when you open it; it expires in 24 hours.` });
    expect(await emailedTokens(newEmail, CHANGE_LINK)).toHaveLength(1);
    const notice = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: user.email } });
    expect(notice.subject).toMatch(/change of email address was requested/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/If this was not you, change your password/);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    const account = await call(getAccount, "/api/account", auth);
    expect(account.body).toMatchObject({ email: user.email, email_verified: true, pending_email: newEmail });
  });

  it("answers the same whether or not the new address has an account, and never moves onto it", async () => {
    const owner = await createUser({ name: "Owner" });
    const a = await signedInUser();
    const b = await signedInUser();
    const free = uniqueEmail("free");
    const taken = await ask(a.auth, { email: owner.email, current_password: a.user.password });
    const fresh = await ask(b.auth, { email: free, current_password: b.user.password });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.message.replace(owner.email, "X")).toBe(fresh.body.message.replace(free, "X"));
    // What the requester can see is the same too: the notice to their address, their pending change.
    expect(await subjectsTo(a.user.email)).toEqual(await subjectsTo(b.user.email));
    expect((await call(getAccount, "/api/account", a.auth)).body.pending_email).toBe(owner.email);
    // The owner is told, without a usable link; their account is untouched.
    const ownerMail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: owner.email } });
    expect(ownerMail.subject).toMatch(/Someone tried to use your email/);
    expect(ownerMail.text).not.toMatch(/verify-email/);
    expect(await db.user.findUniqueOrThrow({ where: { id: owner.id }, select: { name: true, email: true } })).toEqual({ name: "Owner", email: owner.email });
    expect((await db.user.findUniqueOrThrow({ where: { id: a.user.id } })).email).toBe(a.user.email);
  });

  it("checks the password like a login: 5 failures in 15 minutes, then 429", async () => {
    const { auth } = await signedInUser();
    for (let i = 0; i < 5; i += 1) expect((await ask(auth, { email: uniqueEmail("new"), current_password: "wrong words" })).status).toBe(422);
    expect((await ask(auth, { email: uniqueEmail("new"), current_password: "wrong words" })).status).toBe(429);
  });

  it("sends at most 3 change requests an hour per account (429 with Retry-After)", async () => {
    const { user, auth } = await signedInUser();
    for (let i = 0; i < 3; i += 1) expect((await ask(auth, { email: uniqueEmail("new"), current_password: user.password })).status).toBe(200);
    const blocked = await ask(auth, { email: uniqueEmail("new"), current_password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("confirming an email change (POST /api/verify-email)", () => {
  it("moves the account to the new address, verified; signs out the other sessions; tells the old address", async () => {
    const user = await createUser({ emailVerified: false });
    const here = await signIn(user);
    const elsewhere = await signIn(user);
    const newEmail = uniqueEmail("moved");
    await ask({ cookies: here.cookies }, { email: newEmail, current_password: user.password });
    const [token] = await emailedTokens(newEmail, CHANGE_LINK);

    const done = await confirm(token, { cookies: here.cookies });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ purpose: "CHANGE", message: `Your email address is now ${newEmail}. Your other devices have been signed out.` });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.email).toBe(newEmail);
    expect(stored.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await call(currentUser, "/api/user", { cookies: here.cookies })).body.email).toBe(newEmail);
    expect((await call(currentUser, "/api/user", { headers: bearer(elsewhere.token) })).status).toBe(401);
    expect(await subjectsTo(user.email)).toContain("The email address of your Hairline Clinic account was changed");

    await signIn({ email: newEmail, password: user.password });
    await expect(signIn(user)).rejects.toThrow(/401/);
    const again = await confirm(token);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(EMAIL_LINK_INVALID);
  });

  it("works from a browser that is not signed in (the token proves control), signing every session out", async () => {
    const { user, session, auth } = await signedInUser();
    const newEmail = uniqueEmail("moved");
    await ask(auth, { email: newEmail, current_password: user.password });
    const done = await confirm((await emailedTokens(newEmail, CHANGE_LINK))[0]);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(`Your email address is now ${newEmail}. Please log in with it.`);
    expect((await call(currentUser, "/api/user", { headers: bearer(session.token) })).status).toBe(401);
  });

  it("only the newest request counts, and only for 24 hours", async () => {
    const { user, auth } = await signedInUser();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await ask(auth, { email: first, current_password: user.password });
    await ask(auth, { email: second, current_password: user.password });
    expect((await confirm((await emailedTokens(first, CHANGE_LINK))[0])).status).toBe(422);
    await db.emailVerification.updateMany({ where: { userId: user.id, email: second }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await confirm((await emailedTokens(second, CHANGE_LINK))[0])).status).toBe(422);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect((await call(getAccount, "/api/account", auth)).body.pending_email).toBeNull();
  });

  it("answers 409, changes nothing and keeps the link, when the address was taken after the request", async () => {
    const { user, auth } = await signedInUser();
    const newEmail = uniqueEmail("contested");
    await ask(auth, { email: newEmail, current_password: user.password });
    const [token] = await emailedTokens(newEmail, CHANGE_LINK);
    await createUser({ email: newEmail });

    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: EMAIL_NOW_TAKEN });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect((await call(currentUser, "/api/user", auth)).status).toBe(200);
    expect(await db.emailVerification.count({ where: { userId: user.id, usedAt: null } })).toBe(1);
  });

  it("voids the old address's sign-up link once the address has changed", async () => {
    const user = await createUser({ emailVerified: false });
    const { token: session } = await signIn(user);
    const { POST: resend } = await import("@/app/api/account/email-verification/route");
    await call(resend, "/api/account/email-verification", { method: "POST", headers: bearer(session) });
    const [signUpToken] = await emailedTokens(user.email, /^Confirm your email address/);
    const newEmail = uniqueEmail("moved");
    await ask({ headers: bearer(session) }, { email: newEmail, current_password: user.password });
    expect((await confirm((await emailedTokens(newEmail, CHANGE_LINK))[0])).status).toBe(200);
    expect((await confirm(signUpToken)).status).toBe(422);
  });
});
