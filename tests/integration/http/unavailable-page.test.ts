// A page whose rendering fails because the database is unreachable answers 503 with a message
// and Retry-After (instrumentation.ts's onRequestError marks the request; server/serve.mjs
// rewrites the answer), never Next.js's 500 error shell. Here a stand-in for Next.js's handler
// fails the way a server component does and writes its own 500 page afterwards.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/server/core/db/database-unavailable";
import { onRequestError } from "@/instrumentation";
import { markIfDatabaseUnavailable } from "@/lib/server/core/db/mark-unavailable";
import { setRequestErrorHook } from "@/lib/request-error-hook";
import { logContext, type LogContext } from "@/lib/server/core/log/logger";
import { answerUnavailableWhenDatabaseDown } from "@/server/runtime/unavailable-response.mjs";

const unreachable = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: "P1001" });

let server: http.Server;
let base: string;
let failWith: Error;

beforeAll(async () => {
  // As instrumentation-node.ts installs it at start-up.
  setRequestErrorHook(markIfDatabaseUnavailable);
  server = http.createServer((req, res) => {
    const context: LogContext = { requestId: "test-request" };
    answerUnavailableWhenDatabaseDown(req, res, context);
    logContext.run(context, () => {
      if (req.url === "/fine") return void res.end("ok");
      res.setHeader("Content-Security-Policy", "default-src 'self'");
      res.setHeader("Set-Cookie", "a=b");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      // What Next.js does: report the error (onRequestError), then stream its error shell.
      onRequestError(failWith);
      res.statusCode = 500;
      res.write('<!DOCTYPE html><html id="__next_error__">');
      res.end("<body></body></html>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a page or API call that failed for want of the database", () => {
  it("answers 503 with the message, Retry-After and no-store, and keeps the security headers", async () => {
    failWith = unreachable;
    const response = await fetch(`${base}/consultation`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(response.headers.get("set-cookie")).toBeNull();
    const html = await response.text();
    expect(html).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    expect(html).not.toContain("__next_error__");
    expect(html).toContain('<html lang="en-GB">');
  });

  it("answers JSON with the message under /api", async () => {
    failWith = unreachable;
    const response = await fetch(`${base}/api/anything`);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  });

  it("answers a HEAD request with the head only", async () => {
    failWith = unreachable;
    const response = await fetch(`${base}/cart`, { method: "HEAD" });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("");
  });

  it("leaves an answer that did not fail untouched (Node.js still sets its Content-Length)", async () => {
    const response = await fetch(`${base}/fine`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("2");
    expect(await response.text()).toBe("ok");
  });

  it("leaves any other failure as it was (500, Next.js's own page)", async () => {
    failWith = new TypeError("a bug");
    const response = await fetch(`${base}/consultation`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("__next_error__");
  });
});
