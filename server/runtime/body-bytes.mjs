// server/serve.mjs: the bytes of the prerendered pages Next.js sends, kept beside its cache.
//
// Next.js answers a prerendered page (and its RSC payload) with res.end(text), where text is
// the page as a JavaScript string from its own cache: the same string object on every request
// until the page is revalidated. Node.js then encodes it to UTF-8 on every response: for the
// 63 KB home page that was 11 % of the server's CPU under load (a CPU profile of the bench's
// throughput step: 63 µs of 570 µs a request in writev, plus the garbage). Here the bytes of
// the last few large bodies are kept, keyed by the string itself: V8 compares a string key by
// identity first, and hashes strings this long by their length only, so a hit costs no scan.
// Bounded (64 bodies, first in first out), so a revalidated page's old bytes age out.

const MIN_LENGTH = 8 * 1024;
const MAX_ENTRIES = 64;
/** @type {Map<string, Buffer>} */
const bytesOf = new Map();

/**
 * The UTF-8 bytes of a large string body (kept for next time), or the chunk as it was.
 * @template T
 * @param {T} chunk
 * @param {string} [encoding]
 * @returns {T | Buffer}
 */
export function bodyBytes(chunk, encoding) {
  if (typeof chunk !== "string" || chunk.length < MIN_LENGTH) return chunk;
  if (encoding !== undefined && encoding !== "utf8" && encoding !== "utf-8") return chunk;
  let bytes = bytesOf.get(chunk);
  if (bytes === undefined) {
    bytes = Buffer.from(chunk, "utf8");
    if (bytesOf.size >= MAX_ENTRIES) bytesOf.delete(/** @type {string} */ (bytesOf.keys().next().value));
    bytesOf.set(chunk, bytes);
  }
  return bytes;
}

/**
 * res.end(text) sends the kept bytes of a large string body (see above).
 * @param {import("node:http").ServerResponse} res
 */
export function sendBodiesAsBytes(res) {
  const { end } = res;
  /**
   * end([chunk], [encoding], [callback]), passed on as given but for the chunk.
   * @this {import("node:http").ServerResponse}
   * @param {unknown} [chunk]
   * @param {...unknown} rest
   */
  res.end = function (chunk, ...rest) {
    if (typeof chunk !== "string") return Reflect.apply(end, this, [chunk, ...rest]);
    const encoding = typeof rest[0] === "string" ? rest[0] : undefined;
    const bytes = bodyBytes(chunk, encoding);
    if (bytes === chunk) return Reflect.apply(end, this, [chunk, ...rest]);
    return Reflect.apply(end, this, [bytes, ...(encoding === undefined ? rest : rest.slice(1))]);
  };
}
