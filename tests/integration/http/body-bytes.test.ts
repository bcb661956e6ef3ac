// server/serve.mjs sends a large string body (a prerendered page from Next.js's cache) as
// bytes kept from the first time (server/runtime/body-bytes.mjs): the answer must be exactly
// what res.end(text) would have sent.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bodyBytes, sendBodiesAsBytes } from "@/server/runtime/body-bytes.mjs";

// Multi-byte characters throughout, as the pages have (£, curly quotes, dashes).
const page = `<!DOCTYPE html><p>Minoxidil 5% – £24.99 a month’s supply</p>${"<li>Hair loss: it’s normal to lose 50–100 hairs a day</li>".repeat(400)}`;

let server: http.Server;
let base: string;
let ended: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    sendBodiesAsBytes(res);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (req.url === "/latin1") {
      res.setHeader("Content-Length", Buffer.byteLength(page, "latin1"));
      return void res.end(page, "latin1");
    }
    // As Next.js's sendRenderResult does for a cached page.
    res.setHeader("Content-Length", Buffer.byteLength(page));
    res.end(page, () => ended.push(req.url ?? ""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  ended = [];
});

async function bytesOf(path: string) {
  const response = await fetch(`${base}${path}`);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe("large string bodies sent as kept bytes", () => {
  it("sends exactly the UTF-8 bytes of the text, the first time and again, and calls end's callback", async () => {
    for (const path of ["/first", "/again"]) {
      const { response, body } = await bytesOf(path);
      expect(response.status).toBe(200);
      expect(body.equals(Buffer.from(page, "utf8"))).toBe(true);
      expect(Number(response.headers.get("content-length"))).toBe(body.length);
    }
    expect(ended).toEqual(["/first", "/again"]);
  });

  it("leaves a body sent in another encoding alone", async () => {
    const { body } = await bytesOf("/latin1");
    expect(body.equals(Buffer.from(page, "latin1"))).toBe(true);
  });

  it("keeps one copy of a body's bytes, leaves small bodies and buffers as they are", () => {
    const first = bodyBytes(page);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(bodyBytes(page)).toBe(first);
    expect(bodyBytes(page, "utf-8")).toBe(first);
    expect(bodyBytes("<p>short</p>")).toBe("<p>short</p>");
    const buffer = Buffer.from("already bytes");
    expect(bodyBytes(buffer)).toBe(buffer);
  });

  it("keeps at most 64 bodies: the oldest is encoded afresh once 64 newer ones were sent", () => {
    const oldest = `${page}<!-- oldest -->`;
    const kept = bodyBytes(oldest);
    expect(bodyBytes(oldest)).toBe(kept);
    for (let i = 0; i < 64; i++) bodyBytes(`${page}<!-- ${i} -->`);
    const again = bodyBytes(oldest);
    expect(again).not.toBe(kept);
    expect(Buffer.compare(again as Buffer, kept as Buffer)).toBe(0);
  });
});
