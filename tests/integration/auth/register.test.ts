import { POST as addItem } from "@/app/api/cart/items/route";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { REGISTERED_MESSAGE } from "@/lib/server/auth/register-user";
import { db } from "@/tests/support/db";
import { call, guestCookieFrom } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

let addressSeq = 0;
const fromAddress = () => ({ "x-forwarded-for": `192.0.2.${++addressSeq}` });
const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Priya Shah",
  email: uniqueEmail("register"),
  password: "a long enough passphrase",
  password_confirmation: "a long enough passphrase",
  ...overrides,
});

describe("POST /api/register", () => {
  it("creates the account with an argon2id hash (m=19456, t=2, p=1) and emails a welcome", async () => {
    const input = body({ name: "  Priya Shah " });
    const res = await call(register, "/api/register", { json: input, headers: fromAddress() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: REGISTERED_MESSAGE });
    const user = await db.user.findUniqueOrThrow({ where: { email: input.email as string } });
    expect(user.name).toBe("Priya Shah");
    expect(user.role).toBe("CUSTOMER");
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    for (const parameter of ["m=19456", "t=2", "p=1"]) expect(user.passwordHash.split("$")[3]?.split(",")).toContain(parameter);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: input.email as string } });
    expect(mail.subject).toMatch(/Welcome/);
  });

  it("answers an email that already has an account exactly as a new one, changes nothing and tells the owner", async () => {
    const existing = await createUser();
    const res = await call(register, "/api/register", { json: body({ email: existing.email, name: "Someone Else" }), headers: fromAddress() });
    const fresh = await call(register, "/api/register", { json: body(), headers: fromAddress() });
    expect(res.status).toBe(fresh.status);
    expect(res.body).toEqual(fresh.body);
    const stored = await db.user.findUniqueOrThrow({ where: { email: existing.email } });
    expect(stored.name).toBe(existing.name);
    await signIn(existing); // the old password still works
    const notice = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: existing.email } });
    expect(notice.subject).toMatch(/tried to register/);
  });

  it.each([
    ["mismatched confirmation", { password_confirmation: "something different" }, "password_confirmation", "Passwords do not match!"],
    ["a 7-character password", { password: "short12", password_confirmation: "short12" }, "password", "Your password must be at least 8 characters."],
    ["a 129-character password", { password: "x".repeat(129), password_confirmation: "x".repeat(129) }, "password", "Your password must be at most 128 characters."],
    ["a missing name", { name: "" }, "name", "Enter your name."],
    ["an invalid email", { email: "patient@" }, "email", "Enter a valid email address, like name@example.com."],
  ])("refuses %s with 422 and creates nothing", async (_label, overrides, field, message) => {
    const input = body(overrides);
    const before = await db.user.count();
    const res = await call(register, "/api/register", { json: input, headers: fromAddress() });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await db.user.count()).toBe(before);
  });

  it("accepts a 128-character password and refuses one of the 3,000 most common passwords", async () => {
    const long = await call(register, "/api/register", { json: body({ password: "p".repeat(128), password_confirmation: "p".repeat(128) }), headers: fromAddress() });
    expect(long.status).toBe(201);
    const email = uniqueEmail("common");
    const common = await call(register, "/api/register", { json: body({ email, password: "Password1", password_confirmation: "Password1" }), headers: fromAddress() });
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual(["This password is too common. Please choose a less predictable one."]);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("moves the guest's cart to the new account and retires the guest id", async () => {
    const added = await call(addItem, "/api/cart/items", { json: { product_slug: "men-shampoo", quantity: 2 } });
    const guestId = guestCookieFrom(added.setCookie);
    const input = body();
    const res = await call(register, "/api/register", { json: input, cookies: { guest_id: guestId }, headers: fromAddress() });
    expect(res.status).toBe(201);
    expect(res.cookies.guest_id).toBe("");
    const user = await db.user.findUniqueOrThrow({ where: { email: input.email as string }, select: { id: true } });
    const cart = await db.cart.findUniqueOrThrow({ where: { userId: user.id }, select: { items: { select: { quantity: true } } } });
    expect(cart.items).toEqual([{ quantity: 2 }]);
    expect(await db.guestLink.count({ where: { userId: user.id } })).toBe(1);
  });

  it("throttles one email after 5 registrations a day, from any address (429, Retry-After)", async () => {
    const email = uniqueEmail("hammered");
    for (let i = 0; i < 5; i += 1) expect((await call(register, "/api/register", { json: body({ email }), headers: fromAddress() })).status).toBe(201);
    const blocked = await call(register, "/api/register", { json: body({ email }), headers: fromAddress() });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
  });

  // Finding 4 (issue 22): register-then-login still tells an existing address (401) from a new
  // one (200), as the spec's client needs the new one to sign in at once. The pair is held to a
  // handful a day per target address, each answered attempt emails the owner, and a refused
  // attempt answers the same for every address.
  it("register-then-login: a new address signs in at once; an existing one costs a notice to its owner, 5 a day at most", async () => {
    const existing = await createUser();
    const fresh = uniqueEmail("fresh");
    const pair = async (email: string) => {
      const registered = await call(register, "/api/register", { json: body({ email }), headers: fromAddress() });
      const loggedIn = await call(login, "/api/login", { json: { email, password: body().password }, headers: fromAddress() });
      return { registered, loggedIn };
    };
    const first = await pair(fresh);
    expect(first.registered.status).toBe(201);
    expect(first.loggedIn.status).toBe(200);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await pair(existing.email));
    expect(answers.map((answer) => [answer.registered.status, answer.registered.body])).toEqual(Array(5).fill([201, first.registered.body]));
    expect(answers.map((answer) => answer.loggedIn.status)).toEqual(Array(5).fill(401));
    const notices = await db.outboxEmail.count({ where: { toAddress: existing.email, subject: { contains: "tried to register" } } });
    expect(notices).toBe(5);
    // The sixth attempt of the day is refused before the address is looked up: same answer as for any address, no mail.
    const sixth = await call(register, "/api/register", { json: body({ email: existing.email }), headers: fromAddress() });
    for (let i = 0; i < 4; i += 1) await call(register, "/api/register", { json: body({ email: fresh }), headers: fromAddress() });
    const freshSixth = await call(register, "/api/register", { json: body({ email: fresh }), headers: fromAddress() });
    expect(sixth.status).toBe(429);
    expect([freshSixth.status, freshSixth.body]).toEqual([sixth.status, sixth.body]);
    expect(await db.outboxEmail.count({ where: { toAddress: existing.email, subject: { contains: "tried to register" } } })).toBe(5);
  });
});
