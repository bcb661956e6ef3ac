// Request and response plumbing for server.mjs: API-key check, body reading, Stripe-shaped
// JSON answers, pages and redirects.
import { invalid, StripeApiError } from "./errors.mjs";
import { readList } from "./params.mjs";

/**
 * @typedef {import("node:http").IncomingMessage} IncomingMessage
 * @typedef {import("node:http").ServerResponse} ServerResponse
 * @typedef {import("./idempotency.mjs").ApiResponse} ApiResponse
 * @typedef {import("./form.mjs").FormObject} FormObject
 */

/**
 * Turns a route's result or a thrown error into a Stripe response.
 * @param {() => ApiResponse} run
 * @param {string} requestId
 * @returns {Promise<ApiResponse>}
 */
export async function answer(run, requestId) {
  try {
    return run();
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.statusCode, body: error.toJSON(), requestId };
    console.error("[stripe-sandbox] unexpected error", error);
    return { status: 500, body: { error: { type: "api_error", message: "An unexpected error occurred in the payment sandbox." } }, requestId };
  }
}

/**
 * Test keys only, as Bearer (the SDK) or Basic auth (curl -u sk_test_…:).
 * @param {IncomingMessage} req
 */
export function authenticate(req) {
  const header = req.headers.authorization ?? "";
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, "base64").toString("utf8").split(":")[0] : undefined);
  if (!key) {
    throw new StripeApiError(401, {
      message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (!/^(sk|rk)_test_[A-Za-z0-9_]+$/.test(key)) {
    const masked = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(Math.min(key.length - 12, 24))}${key.slice(-4)}` : "*".repeat(Math.min(key.length, 12));
    throw new StripeApiError(401, { message: `Invalid API Key provided: ${masked}` });
  }
}

/** @param {FormObject} params */
export function noExpand(params) {
  const expand = readList(params.expand, "expand");
  if (expand?.length) throw invalid("The payment sandbox does not implement expand; retrieve the related object by its id instead.", "expand");
  delete params.expand;
}

/**
 * @param {IncomingMessage} req
 * @param {string} name
 */
export function headerOf(req, name) {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<string>}
 */
export async function readBody(req, limit) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw invalid(`Request body too large (limit ${limit} bytes).`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} headers
 */
export function sendJson(res, status, body, headers) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-cache, no-store", ...headers });
  res.end(JSON.stringify(body, null, 2));
}

/**
 * @param {ServerResponse} res
 * @param {import("./hosted-page.mjs").PageResponse} page
 */
export function sendPage(res, page) {
  res.writeHead(page.status, page.headers);
  res.end(res.req.method === "HEAD" ? undefined : page.body);
}

/**
 * @param {ServerResponse} res
 * @param {string} location
 */
export function redirect(res, location) {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}
