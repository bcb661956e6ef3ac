import { POST as login } from "@/app/api/login/route";
import { POST as changePassword } from "@/app/api/account/password/route";
import { POST as register } from "@/app/api/register/route";
import { REGISTERED_MESSAGE } from "@/lib/server/auth/register-user";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser } from "@/tests/factories/user";

// Abuse protection that does not deny real people (ASVS 5.0 6.3.1): many people share one
// address (carrier-grade NAT, offices), and a stranger must not be able to lock a patient out.

// Each registration and login hashes or checks an argon2id password (tens of ms, more on a busy machine).
jest.setTimeout(60_000);
afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

let addressSeq = 0;
const nextAddress = () => `100.64.${addressSeq >> 8}.${++addressSeq & 255}`;
const from = (address: string) => ({ "x-forwarded-for": address });
const registration = (email: string) => ({
  name: "Sam Taylor",
  email,
  password: "a long enough passphrase",
  password_confirmation: "a long enough passphrase",
});
const attempt = (email: string, password: string, options: { address?: string; device?: string } = {}) =>
  call(login, "/api/login", {
    json: { email, password },
    headers: from(options.address ?? nextAddress()),
    cookies: options.device ? { known_device: options.device } : {},
  });
// A stranger guessing from many addresses until the account is locked.
const lockOut = async (email: string) => {
  for (let i = 0; i < rateLimits.loginPerAccount.limit; i += 1) expect([401, 429]).toContain((await attempt(email, `guess ${i}`)).status);
  expect((await attempt(email, "one more guess")).status).toBe(429);
};

describe("registration behind one shared address", () => {
  it("accepts 30 people registering from one address in an hour", async () => {
    const shared = from(nextAddress());
    const emails = Array.from({ length: 30 }, () => uniqueEmail("cgnat"));
    for (const email of emails) {
      const res = await call(register, "/api/register", { json: registration(email), headers: shared });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: REGISTERED_MESSAGE });
    }
    expect(await db.user.count({ where: { email: { in: emails } } })).toBe(30);
  });

  it("limits one email hammered from many addresses, known or unknown alike (no enumeration)", async () => {
    const existing = await createUser();
    const fresh = uniqueEmail("hammer");
    for (const email of [existing.email, fresh]) {
      for (let i = 0; i < rateLimits.registerPerEmail.limit; i += 1) {
        expect((await call(register, "/api/register", { json: registration(email), headers: from(nextAddress()) })).status).toBe(201);
      }
    }
    const known = await call(register, "/api/register", { json: registration(existing.email), headers: from(nextAddress()) });
    const unknown = await call(register, "/api/register", { json: registration(fresh), headers: from(nextAddress()) });
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(known.body).toEqual(unknown.body);
    expect(Number(known.headers.get("retry-after"))).toBeGreaterThan(0);
    // five notices at most: the mailbox cannot be flooded
    expect(await db.outboxEmail.count({ where: { toAddress: existing.email } })).toBe(rateLimits.registerPerEmail.limit);
  });

  it("still stops one address registering without end (429 after 100 an hour)", async () => {
    const shared = from(nextAddress());
    const limit = rateLimits.registerPerAddress.limit;
    expect(limit).toBe(100);
    for (let start = 0; start < limit; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => call(register, "/api/register", { json: registration(uniqueEmail("flood")), headers: shared })),
      );
      expect(batch.map((res) => res.status)).toEqual(Array(10).fill(201));
    }
    const blocked = await call(register, "/api/register", { json: registration(uniqueEmail("flood")), headers: shared });
    expect(blocked.status).toBe(429);
  });
});

describe("login lock and known devices", () => {
  it("lets the owner in from a browser that signed in before while a stranger's failures lock the account; a new browser stays locked", async () => {
    const patient = await createUser();
    const first = await attempt(patient.email, patient.password);
    expect(first.status).toBe(200);
    const device = first.cookies.known_device;
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const setCookie = first.headers.getSetCookie().find((line) => line.startsWith("known_device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=strict/i);

    await lockOut(patient.email);
    const newBrowser = await attempt(patient.email, patient.password);
    expect(newBrowser.status).toBe(429);

    const knownBrowser = await attempt(patient.email, patient.password, { device });
    expect(knownBrowser.status).toBe(200);
    expect(knownBrowser.body.user.id).toBe(patient.id);
    // the same device keeps its id; the stranger's lock is not lifted by the owner's sign-in
    expect(knownBrowser.cookies.known_device).toBe(device);
    expect((await attempt(patient.email, patient.password)).status).toBe(429);
  });

  it("a device cookie is worth nothing for another account or forged", async () => {
    const patient = await createUser();
    const other = await createUser();
    const otherDevice = (await attempt(other.email, other.password)).cookies.known_device ?? "";
    const ownDevice = (await attempt(patient.email, patient.password)).cookies.known_device ?? "";
    await lockOut(patient.email);
    expect((await attempt(patient.email, patient.password, { device: otherDevice })).status).toBe(429);
    const [id] = ownDevice.split(".");
    expect((await attempt(patient.email, patient.password, { device: `${id}.${"A".repeat(43)}` })).status).toBe(429);
    expect((await attempt(patient.email, patient.password, { device: ownDevice })).status).toBe(200);
  });

  it("a password change forgets every device", async () => {
    const patient = await createUser();
    const signedIn = await attempt(patient.email, patient.password);
    const device = signedIn.cookies.known_device ?? "";
    const newPassword = "an entirely new passphrase";
    const changed = await call(changePassword, "/api/account/password", {
      json: { current_password: patient.password, password: newPassword, password_confirmation: newPassword },
      headers: { authorization: `Bearer ${signedIn.body.token}` },
    });
    expect(changed.status).toBe(200);
    await lockOut(patient.email);
    expect((await attempt(patient.email, newPassword, { device })).status).toBe(429);
  });

  it("a known device still has its own limit on wrong passwords", async () => {
    const patient = await createUser();
    const device = (await attempt(patient.email, patient.password)).cookies.known_device ?? "";
    for (let i = 0; i < rateLimits.loginPerDevice.limit; i += 1) {
      expect((await attempt(patient.email, `guess ${i}`, { device })).status).toBe(401);
    }
    const blocked = await attempt(patient.email, patient.password, { device });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers the same for an unknown email with a device cookie as for a known one without (no enumeration)", async () => {
    const patient = await createUser();
    const device = (await attempt(patient.email, patient.password)).cookies.known_device ?? "";
    const unknown = await attempt(uniqueEmail("nobody"), "not the password", { device });
    const wrong = await attempt(patient.email, "not the password");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("successful sign-ins from one shared address do not use up its allowance", async () => {
    const shared = nextAddress();
    const people = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const rounds = Math.ceil((rateLimits.loginPerAddress.limit + 5) / people.length);
    for (let round = 0; round < rounds; round += 1) {
      const results = await Promise.all(people.map((person) => attempt(person.email, person.password, { address: shared })));
      expect(results.map((res) => res.status)).toEqual(Array(people.length).fill(200));
    }
  });
});

describe("next-auth's own credentials sign-in", () => {
  it("lets a known device past the account lock as /api/login does, and keeps a new device locked", async () => {
    const { nextAuthOptions } = await import("@/lib/server/auth/next-auth-options");
    const provider = nextAuthOptions().providers[0] as unknown as {
      options: { authorize: (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ id: string } | null> };
    };
    const authorize = (email: string, password: string, cookie: string) =>
      provider.options.authorize({ email, password }, { headers: { cookie, "x-forwarded-for": nextAddress() } });
    const patient = await createUser();
    const device = (await attempt(patient.email, patient.password)).cookies.known_device!;
    await lockOut(patient.email);
    await expect(authorize(patient.email, patient.password, "")).rejects.toMatchObject({ status: 429 });
    expect(await authorize(patient.email, patient.password, `theme=dark; known_device=${device}`)).toMatchObject({ id: patient.id });
  });
});

