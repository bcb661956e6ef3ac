import { DELETE as deleteAccount, GET as getAccount, PATCH as updateAccount } from "@/app/api/account/route";
import { POST as changeEmail } from "@/app/api/account/email/route";
import { POST as resendVerification } from "@/app/api/account/email-verification/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as changePassword } from "@/app/api/account/password/route";
import { PUT as setReminders } from "@/app/api/account/reminders/route";
import { POST as addItem } from "@/app/api/cart/items/route";
import { GET as currentUser } from "@/app/api/user/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const NEW_PASSWORD = "another long passphrase";

describe("account settings API", () => {
  it("every endpoint answers 401 to a visitor who is not signed in", async () => {
    expect((await call(getAccount, "/api/account")).status).toBe(401);
    expect((await call(updateAccount, "/api/account", { method: "PATCH", json: { name: "X" } })).status).toBe(401);
    expect((await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: "x" } })).status).toBe(401);
    expect((await call(changePassword, "/api/account/password", { json: {} })).status).toBe(401);
    expect((await call(setReminders, "/api/account/reminders", { method: "PUT", json: { enabled: false } })).status).toBe(401);
    expect((await call(exportData, "/api/account/export")).status).toBe(401);
    expect((await call(changeEmail, "/api/account/email", { json: {} })).status).toBe(401);
    expect((await call(resendVerification, "/api/account/email-verification", { method: "POST" })).status).toBe(401);
  });

  it("renames the user (escaped wherever shown: stored as typed) and turns reminders off", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const renamed = await call(updateAccount, "/api/account", { method: "PATCH", json: { name: "<b>Sam</b>" }, headers: bearer(token) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.name).toBe("<b>Sam</b>");
    const off = await call(setReminders, "/api/account/reminders", { method: "PUT", json: { enabled: false }, headers: bearer(token) });
    expect(off.body.enabled).toBe(false);
    const account = await call(getAccount, "/api/account", { headers: bearer(token) });
    expect(account.body).toEqual({ id: user.id, name: "<b>Sam</b>", email: user.email, email_verified: true, pending_email: null, reminders_enabled: false });
    expect((await call(setReminders, "/api/account/reminders", { method: "PUT", json: { enabled: "no" }, headers: bearer(token) })).status).toBe(422);
  });

  it("changes the password only with the current one, and signs the other sessions out", async () => {
    const user = await createUser();
    const here = await signIn(user);
    const elsewhere = await signIn(user);
    const wrong = await call(changePassword, "/api/account/password", {
      json: { current_password: "wrong", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      headers: bearer(here.token),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(["Your current password is not correct."]);
    const ok = await call(changePassword, "/api/account/password", {
      json: { current_password: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      headers: bearer(here.token),
    });
    expect(ok.status).toBe(200);
    expect((await call(currentUser, "/api/user", { headers: bearer(here.token) })).status).toBe(200);
    expect((await call(currentUser, "/api/user", { headers: bearer(elsewhere.token) })).status).toBe(401);
    await signIn({ email: user.email, password: NEW_PASSWORD });
  });

  it("exports everything held about the user as a JSON download, with no secrets", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    await call(addItem, "/api/cart/items", { json: { product_slug: "men-shampoo", quantity: 2 }, headers: bearer(token) });
    const newEmail = `next.${user.email}`;
    await call(changeEmail, "/api/account/email", { json: { email: newEmail, current_password: user.password }, headers: bearer(token) });
    const res = await call(exportData, "/api/account/export", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment/);
    expect(res.body.account).toMatchObject({ id: user.id, name: user.name, email: user.email });
    expect(res.body.cart).toEqual([{ product: "men-shampoo", name: expect.any(String), quantity: 2 }]);
    expect(res.body.sign_ins).toHaveLength(1);
    expect(res.body.email_verification_requests).toEqual([expect.objectContaining({ purpose: "CHANGE", email: newEmail, usedAt: null })]);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash|passwordHash|token_hash/);
  });

  it("deletes the account only with the password: its data goes, its tokens stop working", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    await call(addItem, "/api/cart/items", { json: { product_slug: "men-shampoo", quantity: 1 }, headers: bearer(token) });
    const refused = await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: "wrong" }, headers: bearer(token) });
    expect(refused.status).toBe(422);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
    const done = await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: user.password }, headers: bearer(token) });
    expect(done.status).toBe(200);
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    expect(await db.cart.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);
    expect((await call(currentUser, "/api/user", { headers: bearer(token) })).status).toBe(401);
  });

  it("only ever touches the caller's own account", async () => {
    const victim = await createUser({ name: "Victim" });
    const attacker = await createUser();
    const { token } = await signIn(attacker);
    await call(updateAccount, "/api/account", { method: "PATCH", json: { name: "Hacked", id: victim.id }, headers: bearer(token) });
    expect((await db.user.findUniqueOrThrow({ where: { id: victim.id } })).name).toBe("Victim");
  });
});
