import { POST as addItem } from "@/app/api/cart/items/route";
import { POST as logout } from "@/app/api/logout/route";
import { GET as currentUser } from "@/app/api/user/route";
import { mintSessionToken } from "@/lib/server/auth/session-token";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("GET /api/user", () => {
  it("answers 401 and tells the client to drop its token, without a token or with a bad one", async () => {
    for (const headers of [{}, bearer("not-a-token"), { authorization: "Basic abc" }]) {
      const res = await call(currentUser, "/api/user", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
      expect(res.headers.get("www-authenticate")).toMatch(/Bearer/);
    }
  });

  it("accepts the session cookie as well as the bearer token", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const res = await call(currentUser, "/api/user", { cookies });
    expect(res.body).toEqual({ id: user.id, name: user.name, email: user.email });
  });

  it("refuses a session idle for more than 30 minutes, and one past its 12-hour lifetime", async () => {
    const user = await createUser();
    const idle = await signIn(user);
    await db.authSession.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) } });
    expect((await call(currentUser, "/api/user", { headers: bearer(idle.token) })).status).toBe(401);

    const old = await signIn(user);
    await db.authSession.updateMany({ where: { userId: user.id, revokedAt: null, lastSeenAt: { gt: new Date(Date.now() - 60_000) } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(currentUser, "/api/user", { headers: bearer(old.token) })).status).toBe(401);
  });

  it("refuses a genuine token whose session belongs to someone else, or whose ids are not ids", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    await signIn(owner);
    const [session] = await db.authSession.findMany({ where: { userId: owner.id } });
    const tokens = [
      await mintSessionToken({ userId: other.id, sessionId: session!.id }),
      await mintSessionToken({ userId: "not-a-uuid", sessionId: session!.id }),
      await mintSessionToken({ userId: owner.id, sessionId: "1; DROP TABLE users" }),
    ];
    for (const token of tokens) {
      const res = await call(currentUser, "/api/user", { headers: bearer(token) });
      expect(res.status).toBe(401);
    }
    expect(await db.user.count({ where: { id: owner.id } })).toBe(1);
  });

  it("moves an active session's last-seen time on at most once a minute", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const stale = new Date(Date.now() - 5 * 60_000);
    await db.authSession.updateMany({ where: { userId: user.id }, data: { lastSeenAt: stale } });
    expect((await call(currentUser, "/api/user", { headers: bearer(token) })).status).toBe(200);
    const [touched] = await db.authSession.findMany({ where: { userId: user.id } });
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect((await call(currentUser, "/api/user", { headers: bearer(token) })).status).toBe(200);
    const [again] = await db.authSession.findMany({ where: { userId: user.id } });
    expect(again!.lastSeenAt.getTime()).toBe(touched!.lastSeenAt.getTime());
  });

  it("clears a dead session cookie", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    await db.authSession.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    const res = await call(currentUser, "/api/user", { cookies });
    expect(res.status).toBe(401);
    expect(res.cookies["next-auth.session-token"]).toBe("");
  });
});

describe("POST /api/logout", () => {
  it("revokes the bearer token: the same token is refused afterwards", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const res = await call(logout, "/api/logout", { method: "POST", headers: bearer(token) });
    expect(res.status).toBe(200);
    const after = await call(currentUser, "/api/user", { headers: bearer(token) });
    expect(after.status).toBe(401);
  });

  it("signs the website out: the cookie is cleared and its session revoked", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const res = await call(logout, "/api/logout", { method: "POST", cookies });
    expect(res.status).toBe(200);
    expect(res.cookies["next-auth.session-token"]).toBe("");
    expect((await call(currentUser, "/api/user", { cookies })).status).toBe(401);
  });

  it("leaves the user's other sessions signed in", async () => {
    const user = await createUser();
    const phone = await signIn(user);
    const laptop = await signIn(user);
    await call(logout, "/api/logout", { method: "POST", headers: bearer(phone.token) });
    expect((await call(currentUser, "/api/user", { headers: bearer(laptop.token) })).status).toBe(200);
  });

  it("answers 401 to a caller who is not signed in", async () => {
    expect((await call(logout, "/api/logout", { method: "POST" })).status).toBe(401);
  });
});

describe("XSRF protection of cookie-authenticated writes", () => {
  const add = { product_slug: "men-shampoo", quantity: 1 };

  it("refuses a cookie-authenticated POST without the X-XSRF-TOKEN header", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const res = await call(addItem, "/api/cart/items", { json: add, cookies, xsrf: false });
    expect(res.status).toBe(403);
    expect(await db.cart.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a header that does not match the cookie, or a token issued to another session", async () => {
    const user = await createUser();
    const mine = await signIn(user);
    const theirs = await signIn(await createUser());
    const { fetchXsrfToken } = await import("@/tests/support/request");
    const myToken = await fetchXsrfToken(mine.cookies);
    const theirToken = await fetchXsrfToken(theirs.cookies);
    const mismatched = await call(addItem, "/api/cart/items", {
      json: add,
      cookies: { ...mine.cookies, "XSRF-TOKEN": myToken },
      headers: { "x-xsrf-token": `${myToken}x` },
    });
    expect(mismatched.status).toBe(403);
    const foreign = await call(addItem, "/api/cart/items", {
      json: add,
      cookies: { ...mine.cookies, "XSRF-TOKEN": theirToken },
      headers: { "x-xsrf-token": theirToken },
    });
    expect(foreign.status).toBe(403);
    const anonymous = await fetchXsrfToken();
    const downgraded = await call(addItem, "/api/cart/items", {
      json: add,
      cookies: { ...mine.cookies, "XSRF-TOKEN": anonymous },
      headers: { "x-xsrf-token": anonymous },
    });
    expect(downgraded.status).toBe(403);
    expect(await db.cart.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a write from a foreign Origin even with a valid token", async () => {
    const { cookies } = await signIn(await createUser());
    const res = await call(addItem, "/api/cart/items", { json: add, cookies, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("accepts the matching token, and a bearer-authenticated write with no XSRF token at all", async () => {
    const user = await createUser();
    const { cookies, token } = await signIn(user);
    expect((await call(addItem, "/api/cart/items", { json: add, cookies })).status).toBe(201);
    const viaBearer = await call(addItem, "/api/cart/items", { json: add, headers: bearer(token), xsrf: false });
    expect(viaBearer.status).toBe(201);
    expect(viaBearer.body.item_count).toBe(2);
  });
});
