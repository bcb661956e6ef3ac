import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A Stripe-looking id: `randomId("cs_test_")` → "cs_test_a1B2…" (base62, unguessable).
 * @param {string} prefix
 * @param {number} [length]
 */
export function randomId(prefix, length = 24) {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/**
 * Minor units as the customer reads them: formatMoney(5000, "gbp") → "£50.00".
 * @param {number} amount
 * @param {string} currency
 */
export function formatMoney(amount, currency) {
  const format = new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** @param {number} ms @param {AbortSignal} [signal] */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve(undefined);
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
