// server/serve.mjs: the answer for a request that failed because the database is unreachable.
//
// A page that failed because the database is unreachable (instrumentation.ts marks the request
// in onRequestError) answers 503 with Retry-After and the message, as the API does, instead of
// Next.js's 500 error shell, which is blank until its JavaScript runs. Every later write of
// Next.js's own body is dropped.
/**
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ unavailable?: { message: string } }} context the request's log context (lib/server/core/log/logger.ts), which marks it
 */
export function answerUnavailableWhenDatabaseDown(req, res, context) {
  const { writeHead, write, end } = res;
  /** @type {string | null} */
  let body = null; // ours, once the answer is replaced
  /**
   * writeHead(status, [statusMessage], [headers]), passed on as given unless replaced.
   * @this {import("node:http").ServerResponse}
   * @param {number} status
   * @param {...unknown} rest
   */
  res.writeHead = function (status, ...rest) {
    if (status < 500 || status === 503 || !context.unavailable) return Reflect.apply(writeHead, this, [status, ...rest]);
    const { message } = context.unavailable;
    const api = (req.url ?? "").startsWith("/api/");
    body = api ? JSON.stringify({ message }) : unavailablePage(message);
    for (const name of this.getHeaderNames()) if (!KEPT_HEADERS.has(name)) this.removeHeader(name);
    return writeHead.call(this, 503, {
      "Content-Type": api ? "application/json" : "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Retry-After": "30",
      "Cache-Control": "no-store",
    });
  };
  // Once the request is marked, the head is decided before the first byte of the body (as
  // Node.js's implicit head is). Unmarked requests go through untouched (Node.js then still
  // sets Content-Length for a body sent with end()).
  /**
   * @this {import("node:http").ServerResponse}
   * @param {...unknown} args
   */
  res.write = function (...args) {
    if (context.unavailable && !this.headersSent) this.writeHead(this.statusCode);
    if (body === null) return Reflect.apply(write, this, args);
    args.find((arg) => typeof arg === "function")?.();
    return true;
  };
  /**
   * @this {import("node:http").ServerResponse}
   * @param {...unknown} args
   */
  res.end = function (...args) {
    if (context.unavailable && !this.headersSent) this.writeHead(this.statusCode);
    if (body === null) return Reflect.apply(end, this, args);
    return Reflect.apply(end, this, [req.method === "HEAD" ? undefined : body, "utf8", args.find((arg) => typeof arg === "function")]);
  };
}

const KEPT_HEADERS = new Set(["x-request-id", "content-security-policy", "strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy"]);

/** @param {string} message */
function unavailablePage(message) {
  const site = (process.env.SITE_NAME || "Hairline Clinic").replace(/[<>&"]/g, "");
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Temporarily unavailable – ${site}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>Sorry, we are temporarily unavailable</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

