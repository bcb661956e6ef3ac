// server/serve.mjs: the answer for a request that failed because the database is unreachable.
//
// A page that failed because the database is unreachable (instrumentation.ts marks the request
// in onRequestError) answers 503 with Retry-After and the message, as the API does, instead of
// Next.js's 500 error shell, which is blank until its JavaScript runs. Every later write of
// Next.js's own body is dropped.
export function answerUnavailableWhenDatabaseDown(req, res, context) {
  const { writeHead, write, end } = res;
  let body = null; // ours, once the answer is replaced
  res.writeHead = function (status, ...rest) {
    if (status < 500 || status === 503 || !context.unavailable) return writeHead.call(this, status, ...rest);
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
  res.write = function (...args) {
    if (context.unavailable && !this.headersSent) this.writeHead(this.statusCode);
    if (body === null) return write.apply(this, args);
    args.find((arg) => typeof arg === "function")?.();
    return true;
  };
  res.end = function (...args) {
    if (context.unavailable && !this.headersSent) this.writeHead(this.statusCode);
    if (body === null) return end.apply(this, args);
    return end.call(this, req.method === "HEAD" ? undefined : body, "utf8", args.find((arg) => typeof arg === "function"));
  };
}

const KEPT_HEADERS = new Set(["x-request-id", "content-security-policy", "strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy"]);

function unavailablePage(message) {
  const site = (process.env.SITE_NAME || "Hairline Clinic").replace(/[<>&"]/g, "");
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Temporarily unavailable – ${site}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>Sorry, we are temporarily unavailable</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

