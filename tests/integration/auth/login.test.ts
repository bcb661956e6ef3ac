import { POST as login } from "@/app/api/login/route";
import { GET as currentUser } from "@/app/api/user/route";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

// Each test claims its own client address, as if from a different machine.
let addressSeq = 0;
const fromAddress = () => ({ "x-forwarded-for": `198.51.100.${++addressSeq}` });

describe("POST /api/login", () => {
  it("answers {token, user} without any internal field, and signs the website in", async () => {
    const user = await createUser();
    const res = await call(login, "/api/login", { json: { email: user.email.toUpperCase(), password: user.password }, headers: fromAddress() });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: user.id, name: user.name, email: user.email });
    expect(typeof res.body.token).toBe("string");
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith("next-auth.session-token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(res.cookies["next-auth.session-token"]).toBe(res.body.token);
    const me = await call(currentUser, "/api/user", { headers: { authorization: `Bearer ${res.body.token}` } });
    expect(me.body).toEqual({ id: user.id, name: user.name, email: user.email });
  });

  it("issues a new token and session at every login", async () => {
    const user = await createUser();
    const first = await signIn(user);
    const second = await signIn(user);
    expect(second.token).not.toBe(first.token);
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(2);
  });

  it("answers a wrong password and an unknown email identically with 401 Invalid credentials", async () => {
    const user = await createUser();
    const wrong = await call(login, "/api/login", { json: { email: user.email, password: "not the password" }, headers: fromAddress() });
    const unknown = await call(login, "/api/login", { json: { email: uniqueEmail("nobody"), password: "not the password" }, headers: fromAddress() });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid credentials" });
    expect(unknown.body).toEqual(wrong.body);
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("takes as long to refuse an unknown email as a wrong password (a password hash is checked either way)", async () => {
    const user = await createUser();
    const time = async (email: string) => {
      const started = performance.now();
      await call(login, "/api/login", { json: { email, password: "not the password" }, headers: fromAddress() });
      return performance.now() - started;
    };
    await time(user.email); // warm-up
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await db.rateLimitBucket.deleteMany();
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail("nobody")));
    }
    // Without the dummy verification an unknown email answers in a few ms, against tens of
    // ms for argon2id; the bound leaves room for noise on a busy machine.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it("refuses missing fields with 422 field errors", async () => {
    const res = await call(login, "/api/login", { json: { email: "not-an-email" }, headers: fromAddress() });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "password"]);
  });

  it("throttles one account after 5 failed attempts, whatever address they come from (for a browser not seen before)", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i += 1) {
      const res = await call(login, "/api/login", { json: { email: user.email, password: `wrong ${i}` }, headers: fromAddress() });
      expect(res.status).toBe(401);
    }
    const blocked = await call(login, "/api/login", { json: { email: user.email, password: user.password }, headers: fromAddress() });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many attempts/);
  });

  it("a successful login clears the account's failed attempts", async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i += 1) await call(login, "/api/login", { json: { email: user.email, password: "wrong" }, headers: fromAddress() });
    await signIn(user);
    for (let i = 0; i < 4; i += 1) {
      const res = await call(login, "/api/login", { json: { email: user.email, password: "wrong" }, headers: fromAddress() });
      expect(res.status).toBe(401);
    }
  });

  it("throttles one client address after 100 failed attempts across many accounts", async () => {
    const headers = fromAddress();
    expect(rateLimits.loginPerAddress.limit).toBe(100);
    for (let i = 0; i < rateLimits.loginPerAddress.limit; i += 1) {
      const res = await call(login, "/api/login", { json: { email: uniqueEmail("spray"), password: "guess" }, headers });
      expect(res.status).toBe(401);
    }
    const blocked = await call(login, "/api/login", { json: { email: uniqueEmail("spray"), password: "guess" }, headers });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  }, 60_000);
});
