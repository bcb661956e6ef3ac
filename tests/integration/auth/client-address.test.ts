import { POST as login } from "@/app/api/login/route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { forwardedFor } from "@/server/runtime/forwarded-for.mjs";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "@/tests/factories/guest";

afterAll(() => db.$disconnect());

const withTrustProxy = async (value: "true" | "false", run: () => Promise<void>) => {
  const saved = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = value;
  jest.resetModules();
  try {
    await run();
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
    jest.resetModules();
  }
};

describe("client address (what per-address throttling counts)", () => {
  it("is the socket peer when no proxy is trusted: a client's own X-Forwarded-For is discarded", () => {
    const header = forwardedFor("1.2.3.4, 5.6.7.8", "203.0.113.9", false);
    expect(header).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ "x-forwarded-for": header }))).toBe("203.0.113.9");
  });

  it("behind one trusted proxy, is the address that proxy saw, not what the client claimed", async () => {
    await withTrustProxy("true", async () => {
      const { clientAddress: trusted } = await import("@/lib/server/core/request/client-address");
      // client claims 1.2.3.4; the load balancer (10.0.0.2) appends the client's real address
      const header = forwardedFor("1.2.3.4, 198.51.100.7", "10.0.0.2", true);
      expect(trusted(new Headers({ "x-forwarded-for": header }))).toBe("198.51.100.7");
    });
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped one by its IPv4 address", () => {
    const of = (peer: string) => clientAddress(new Headers({ "x-forwarded-for": forwardedFor(undefined, peer, false) }));
    expect(of("2001:db8:7:8::1")).toBe(of("2001:db8:7:8:ffff::2"));
    expect(of("2001:db8:7:9::1")).not.toBe(of("2001:db8:7:8::1"));
    expect(of("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("a client hopping addresses within its /64 does not reset the login throttle", async () => {
    await db.rateLimitBucket.deleteMany();
    for (let i = 0; i < rateLimits.loginPerAddress.limit; i += 1) {
      const peer = `2001:db8:64:64:${(i + 1).toString(16)}::1`;
      const res = await call(login, "/api/login", { json: { email: uniqueEmail("hop"), password: "guess" }, headers: { "x-forwarded-for": peer } });
      expect(res.status).toBe(401);
    }
    const last = await call(login, "/api/login", { json: { email: uniqueEmail("hop"), password: "guess" }, headers: { "x-forwarded-for": "2001:db8:64:64:ffff::1" } });
    expect(last.status).toBe(429);
  }, 60_000);

  it("a spoofed X-Forwarded-For does not reset the login throttle", async () => {
    await db.rateLimitBucket.deleteMany();
    const peer = "203.0.113.50";
    for (let i = 0; i < rateLimits.loginPerAddress.limit; i += 1) {
      const spoofed = forwardedFor(`10.9.${i >> 8}.${i & 255}`, peer, false);
      const res = await call(login, "/api/login", { json: { email: uniqueEmail("spoof"), password: "guess" }, headers: { "x-forwarded-for": spoofed } });
      expect(res.status).toBe(401);
    }
    const last = await call(login, "/api/login", {
      json: { email: uniqueEmail("spoof"), password: "guess" },
      headers: { "x-forwarded-for": forwardedFor("192.0.2.200", peer, false) },
    });
    expect(last.status).toBe(429);
  }, 60_000);
});
