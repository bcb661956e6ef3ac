// server/serve.mjs adds the static Content-Security-Policy to every answer that does not set
// its own (lib/security/static-content-security-policy.mjs): prerendered pages and API answers
// get it; a nonce policy (proxy.ts) or a route's own (uploaded images) is kept, never doubled.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addPolicyUnlessSet, staticContentSecurityPolicy } from "@/lib/security/static-content-security-policy.mjs";

const STATIC = staticContentSecurityPolicy();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    addPolicyUnlessSet(res, STATIC);
    if (req.url === "/page") return void res.end("<p>prerendered</p>");
    if (req.url === "/image") {
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      return void res.end("bytes");
    }
    if (req.url === "/head") {
      res.writeHead(200, { "content-security-policy": "default-src 'none'" });
      return void res.end();
    }
    if (req.url === "/streamed") {
      res.statusCode = 200;
      res.write("part one, ");
      return void res.end("part two");
    }
    res.writeHead(404, [["content-type", "text/plain"]]).end("no");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

async function policiesOf(path: string) {
  const response = await fetch(`${base}${path}`);
  await response.text();
  const raw: string[] = [];
  response.headers.forEach((value, name) => {
    if (name === "content-security-policy") raw.push(value);
  });
  return raw;
}

describe("the static Content-Security-Policy", () => {
  it("is added to answers that set none, however their head is written", async () => {
    for (const path of ["/page", "/streamed", "/missing"]) expect(await policiesOf(path)).toEqual([STATIC]);
  });

  it("never replaces or doubles a policy the answer set itself", async () => {
    expect(await policiesOf("/image")).toEqual(["default-src 'none'; sandbox"]);
    expect(await policiesOf("/head")).toEqual(["default-src 'none'"]);
  });

  it("locks everything to this origin, and adds what development and production need", () => {
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(STATIC).toContain(directive);
    }
    expect(STATIC).not.toContain("unsafe-eval");
    expect(STATIC).not.toContain("upgrade-insecure-requests");
    expect(staticContentSecurityPolicy({ dev: true })).toContain("'unsafe-eval'");
    expect(staticContentSecurityPolicy({ production: true })).toContain("upgrade-insecure-requests");
  });
});
