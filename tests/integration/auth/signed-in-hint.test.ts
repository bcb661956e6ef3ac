import { POST as logout } from "@/app/api/logout/route";
import { GET as currentUser } from "@/app/api/user/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const cookieLine = (setCookies: string[], name: string) => setCookies.find((line) => line.startsWith(`${name}=`)) ?? "";

// The header reads a `signed_in=1` hint to say "Account" instead of "Login" on static pages.
describe("the signed_in hint cookie", () => {
  it("is set by login beside the session cookie: readable by script, same lifetime, SameSite=Lax", async () => {
    const { response } = await signIn(await createUser());
    const lines = response.headers.getSetCookie();
    const hint = cookieLine(lines, "signed_in");
    const session = cookieLine(lines, "next-auth.session-token");
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/SameSite=lax/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(hint.match(/Max-Age=(\d+)/)?.[1]).toBe(session.match(/Max-Age=(\d+)/)?.[1]);
  });

  it("is cleared by logout", async () => {
    const { cookies } = await signIn(await createUser());
    const res = await call(logout, "/api/logout", { method: "POST", cookies: { ...cookies, signed_in: "1" } });
    expect(res.status).toBe(200);
    expect(res.cookies.signed_in).toBe("");
    expect(res.cookies["next-auth.session-token"]).toBe("");
  });

  it("is cleared with a session found dead (401)", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    await db.authSession.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    const res = await call(currentUser, "/api/user", { cookies: { ...cookies, signed_in: "1" } });
    expect(res.status).toBe(401);
    expect(res.cookies.signed_in).toBe("");
  });

  it("grants nothing on its own", async () => {
    const res = await call(currentUser, "/api/user", { cookies: { signed_in: "1" } });
    expect(res.status).toBe(401);
  });
});
