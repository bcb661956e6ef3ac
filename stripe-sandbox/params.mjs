// Readers for form parameters (every leaf arrives as a string) with Stripe-like refusals that
// name the parameter, so a mistake in the app fails here as it would against Stripe.
import { invalid, missing, unknownParam } from "./errors.mjs";

/** @typedef {import("./form.mjs").FormValue} FormValue */
/** @typedef {import("./form.mjs").FormObject} FormObject */

/**
 * Refuses parameters Stripe does not know at this level (Stripe does the same).
 * @param {FormObject} params
 * @param {Iterable<string>} known
 * @param {string} [prefix]  e.g. "line_items[0]"
 */
export function rejectUnknown(params, known, prefix) {
  const allowed = new Set(known);
  for (const key of Object.keys(params)) {
    if (!allowed.has(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

/**
 * @param {FormValue | undefined} value
 * @param {string} param
 * @param {{ required?: boolean, max?: number }} [options]
 * @returns {string | undefined}
 */
export function readString(value, param, { required = false, max = 5000 } = {}) {
  if (value === undefined || value === "") {
    if (required) throw missing(param);
    return undefined;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${param} must be a string, not an object or array.`, param);
  if (value.length > max) throw invalid(`Invalid ${param}: must be at most ${max} characters`, param);
  return value;
}

/**
 * @param {FormValue | undefined} value
 * @param {string} param
 * @param {{ required?: boolean, min?: number, max?: number }} [options]
 * @returns {number | undefined}
 */
export function readInteger(value, param, { required = false, min, max } = {}) {
  const text = readString(value, param, { required, max: 20 });
  if (text === undefined) return undefined;
  const number = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(number)) {
    throw invalid(`Invalid integer: ${text}`, param, "parameter_invalid_integer");
  }
  if (min !== undefined && number < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  if (max !== undefined && number > max) throw invalid(`This value must be less than or equal to ${max}.`, param);
  return number;
}

/**
 * An absolute http(s) URL, as Stripe requires for success_url and cancel_url.
 * @param {FormValue | undefined} value
 * @param {string} param
 * @param {{ required?: boolean }} [options]
 */
export function readUrl(value, param, { required = false } = {}) {
  const text = readString(value, param, { required, max: 5000 });
  if (text === undefined) return undefined;
  let url;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || !["http:", "https:"].includes(url.protocol)) throw invalid("Not a valid URL", param, "url_invalid");
  return text;
}

/**
 * Stripe's metadata rules: up to 50 keys, keys up to 40 characters, string values up to 500
 * characters; an empty value unsets a key (so on create it is simply left out).
 * @param {FormValue | undefined} value
 * @param {string} param
 * @returns {Record<string, string>}
 */
export function readMetadata(value, param) {
  if (value === undefined || value === "") return {};
  if (typeof value === "string") throw invalid(`Invalid object: ${param} must be a hash of keys to values.`, param);
  const entries = Array.isArray(value) ? value.map((item, i) => /** @type {const} */ ([String(i), item])) : Object.entries(value);
  if (entries.length > 50) {
    throw invalid(`Invalid ${param}: metadata can have up to 50 keys, but you passed in ${entries.length} keys.`, param);
  }
  /** @type {Record<string, string>} */
  const metadata = {};
  for (const [key, item] of entries) {
    const itemParam = `${param}[${key}]`;
    if (key.length > 40) {
      throw invalid(`Invalid ${param}: metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`, itemParam);
    }
    if (typeof item !== "string") throw invalid(`Invalid ${itemParam}: metadata values must be strings.`, itemParam);
    if (item.length > 500) {
      throw invalid(`Invalid ${param}: metadata values can have up to 500 characters, but you passed in a value that is ${item.length} characters.`, itemParam);
    }
    if (item !== "") metadata[key] = item;
  }
  return metadata;
}

/**
 * A list parameter (`x[0]=a&x[1]=b`); "" (Stripe's way to send an empty list) gives [].
 * @param {FormValue | undefined} value
 * @param {string} param
 * @returns {FormValue[] | undefined}
 */
export function readList(value, param) {
  if (value === undefined) return undefined;
  if (value === "") return [];
  if (!Array.isArray(value)) throw invalid(`Invalid array: ${param} must be a list (${param}[0], ${param}[1], …).`, param);
  return value;
}

/**
 * @param {FormValue | undefined} value
 * @param {string} param
 * @returns {FormObject | undefined}
 */
export function readObject(value, param) {
  if (value === undefined || value === "") return undefined;
  if (typeof value === "string" || Array.isArray(value)) throw invalid(`Invalid object: ${param} must be a hash.`, param);
  return value;
}
