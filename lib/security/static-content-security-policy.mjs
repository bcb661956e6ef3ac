// The Content-Security-Policy of every response that does not set its own: prerendered pages,
// API answers, static files. server/serve.mjs adds it as the head is written, only when the
// answer has none: dynamically rendered pages carry proxy.ts's nonce-based policy
// (lib/security/content-security-policy.ts), and a route handler may set its own (uploaded
// images: default-src 'none'; sandbox), which Next.js would not let a header set earlier
// replace.
//
// Prerendered pages are the same bytes for everyone (cached by nginx), so they cannot carry a
// per-response nonce: Next.js's inline bootstrap scripts need 'unsafe-inline' in script-src
// here (docs/security.md, "Security baseline").
//
// It is set here rather than in next.config.mjs's headers(): Next.js recompiles every header
// value that contains ":" (this policy's "data:" and "blob:") with path-to-regexp on each
// request to a path with parameters, which cost the category and product pages 6–9 % of
// their throughput (npm run bench).
/** @param {{ dev?: boolean, production?: boolean }} [options] */
export function staticContentSecurityPolicy({ dev = false, production = false } = {}) {
  return contentSecurityPolicy({ scriptSrc: "'self' 'unsafe-inline'", dev, production });
}

/**
 * The site's policy around a given script-src: this one, and the nonce-based one of dynamically
 * rendered pages (lib/security/content-security-policy.ts), differ only there.
 * @param {{ scriptSrc: string, dev?: boolean, production?: boolean }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ scriptSrc, dev = false, production = false }) {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const NAME = "Content-Security-Policy";

/**
 * Adds `policy` to the response's head unless the answer set a Content-Security-Policy itself.
 * @param {import("node:http").ServerResponse} res
 * @param {string} policy
 */
export function addPolicyUnlessSet(res, policy) {
  const { writeHead } = res;
  // Node.js writes an implicit head through this.writeHead too, so every answer passes here.
  /**
   * writeHead(statusCode, [statusMessage], [headers]), passed on as given.
   * @this {import("node:http").ServerResponse}
   * @param {number} statusCode
   * @param {...unknown} rest
   */
  res.writeHead = function (statusCode, ...rest) {
    if (this.hasHeader(NAME)) return Reflect.apply(writeHead, this, [statusCode, ...rest]);
    const at = rest.findIndex((arg) => typeof arg === "object" && arg !== null);
    if (at === -1) {
      this.setHeader(NAME, policy);
      return Reflect.apply(writeHead, this, [statusCode, ...rest]);
    }
    // Headers given to writeHead itself: the policy joins them in the same form (Node.js
    // refuses some forms once a header was set with setHeader): an object, a flat list of
    // names and values, or a list of [name, value] pairs.
    const headers = /** @type {Record<string, unknown> | unknown[]} */ (rest[at]);
    const pairs = Array.isArray(headers) && Array.isArray(headers[0]) ? /** @type {unknown[][]} */ (headers) : null;
    const names = pairs ? pairs.map(([name]) => name) : Array.isArray(headers) ? headers.filter((_, i) => i % 2 === 0) : Object.keys(headers);
    if (names.some((name) => String(name).toLowerCase() === "content-security-policy")) return Reflect.apply(writeHead, this, [statusCode, ...rest]);
    const withPolicy = pairs ? [...pairs, [NAME, policy]] : Array.isArray(headers) ? [...headers, NAME, policy] : { ...headers, [NAME]: policy };
    return Reflect.apply(writeHead, this, [statusCode, ...rest.map((arg, i) => (i === at ? withPolicy : arg))]);
  };
}
