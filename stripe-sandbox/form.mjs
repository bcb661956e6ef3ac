// Stripe's request encoding: application/x-www-form-urlencoded with bracket notation
// (`line_items[0][price_data][unit_amount]=5000`, `metadata[booking_id]=…`, `expand[]=x`).
// `qs` is not a direct dependency of the project, so this is the small subset Stripe uses.

const MAX_PAIRS = 1000;
const MAX_DEPTH = 8;
const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

// A parsed Stripe request body: every leaf is a string, as on the wire. (FormList is named
// apart because TypeScript refuses `FormValue[]` inside FormValue's own JSDoc definition.)
/** @typedef {string | FormList | FormObject} FormValue */
/** @typedef {FormValue[]} FormList */
/** @typedef {{ [key: string]: FormValue }} FormObject */

/**
 * Parses a form body into nested objects. Every leaf is a string (as on the wire); an object
 * whose keys are exactly 0…n-1 becomes an array, so `line_items[0][quantity]=1` gives
 * `{ line_items: [{ quantity: "1" }] }`. Keys that could reach Object.prototype are dropped.
 * @param {string} text
 * @returns {FormObject}
 */
export function parseForm(text) {
  /** @type {FormObject} */
  const root = {};
  const pairs = text ? text.split("&").slice(0, MAX_PAIRS) : [];
  for (const pair of pairs) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
    const path = splitKey(rawKey);
    if (!path || path.some((segment) => FORBIDDEN_KEYS.has(segment))) continue;
    assign(root, path, value);
  }
  return /** @type {FormObject} */ (toArrays(root));
}

/** @param {string} text */
function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * `a[b][0]` → ["a", "b", "0"]; `a[]` → ["a", ""] (append). Null when malformed or too deep.
 * @param {string} key
 * @returns {string[] | null}
 */
function splitKey(key) {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match || match[1] === undefined) return null;
  const segments = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
  return segments.length > MAX_DEPTH ? null : segments;
}

/**
 * @param {FormObject} root
 * @param {string[]} path
 * @param {string} value
 */
function assign(root, path, value) {
  /** @type {FormObject} */
  let node = root;
  path.forEach((segment, i) => {
    const key = segment === "" ? String(Object.keys(node).length) : segment;
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || next === null) node[key] = {};
    node = /** @type {FormObject} */ (node[key]);
  });
}

/**
 * @param {FormValue} value
 * @returns {FormValue}
 */
function toArrays(value) {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => /** @type {[string, FormValue]} */ ([key, toArrays(/** @type {FormValue} */ (value[key]))]));
  const isList = keys.length > 0 && keys.every((key, i) => key === String(i));
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}
