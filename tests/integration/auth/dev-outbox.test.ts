import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { db } from "@/tests/support/db";
import { uniqueEmail } from "@/tests/factories/guest";

// /dev/outbox holds password-reset and verification links: reaching it is taking over
// accounts. Only a request from the machine itself, not through a proxy, may see it.

let requestHeaders = new Headers();
jest.mock("next/headers", () => ({ headers: async () => requestHeaders }));

afterAll(() => db.$disconnect());

const NOT_FOUND = { digest: "NEXT_HTTP_ERROR_FALLBACK;404" };

async function openOutbox(headers: Record<string, string>) {
  requestHeaders = new Headers(headers);
  const { default: OutboxPage } = await import("@/app/dev/outbox/page");
  return OutboxPage();
}

async function withEnv(name: string, value: string, run: () => Promise<void>) {
  const saved = process.env[name];
  process.env[name] = value;
  jest.resetModules();
  try {
    await run();
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
    jest.resetModules();
  }
}

describe("/dev/outbox", () => {
  const to = uniqueEmail("outbox");
  beforeAll(async () => {
    await db.outboxEmail.create({ data: { toAddress: to, subject: "Reset your password", text: "Reset: http://localhost:3000/reset-password?token=secret-token" } });
  });

  it("lists the emails to a request whose peer is this machine (IPv4, IPv6, IPv4-mapped)", async () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const html = renderToStaticMarkup((await openOutbox({ "x-forwarded-for": peer })) as ReactElement);
      expect(html).toContain(to);
      expect(html).toContain("secret-token");
    }
  });

  it.each([
    ["a peer on the network", { "x-forwarded-for": "192.0.2.10" }],
    ["a private-network peer (a container's gateway)", { "x-forwarded-for": "172.17.0.1" }],
    ["no known peer", {}],
    ["a forwarding chain ending at this machine", { "x-forwarded-for": "198.51.100.4, 127.0.0.1" }],
    ["a proxy on this machine announcing itself (Forwarded)", { "x-forwarded-for": "127.0.0.1", forwarded: "for=198.51.100.4" }],
    ["a proxy on this machine announcing itself (X-Real-IP)", { "x-forwarded-for": "127.0.0.1", "x-real-ip": "198.51.100.4" }],
    ["a proxy on this machine announcing itself (Via)", { "x-forwarded-for": "127.0.0.1", via: "1.1 nginx" }],
  ])("answers 404 to %s", async (_label, headers) => {
    await expect(openOutbox(headers)).rejects.toMatchObject(NOT_FOUND);
  });

  it("answers 404 to every request when a proxy is trusted (TRUST_PROXY=true), even from loopback", async () => {
    await withEnv("TRUST_PROXY", "true", async () => {
      await expect(openOutbox({ "x-forwarded-for": "127.0.0.1" })).rejects.toMatchObject(NOT_FOUND);
    });
  });

  it("answers 404 when SMTP is configured, even from loopback", async () => {
    await withEnv("SMTP_URL", "smtp://mail.example.com:587", async () => {
      await expect(openOutbox({ "x-forwarded-for": "127.0.0.1" })).rejects.toMatchObject(NOT_FOUND);
    });
  });
});
