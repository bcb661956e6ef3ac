// Stripe's Idempotency-Key semantics for POSTs: the first request with a key runs; a later or
// concurrent one with the same key, endpoint and parameters gets the same answer (concurrent
// ones wait for the first, so one object is made); different parameters are refused. As at
// Stripe, an answer is kept only when the request succeeded: a refused request can be retried
// with the same key once corrected.
import { StripeApiError } from "./errors.mjs";

/** @typedef {{ status: number, body: unknown, requestId: string }} ApiResponse */

export function createIdempotencyStore() {
  /** @type {Map<string, { endpoint: string, fingerprint: string, result: Promise<ApiResponse> }>} */
  const entries = new Map();

  /**
   * @param {string} key
   * @param {string} endpoint  e.g. "POST /v1/refunds"
   * @param {string} fingerprint  the parameters, canonically serialised
   * @param {() => Promise<ApiResponse>} execute
   * @returns {Promise<ApiResponse & { replayed: boolean }>}
   */
  async function run(key, endpoint, fingerprint, execute) {
    if (key.length > 255) {
      throw new StripeApiError(400, { type: "idempotency_error", message: "Idempotency keys can be at most 255 characters long." });
    }
    const existing = entries.get(key);
    if (existing) {
      if (existing.endpoint !== endpoint) {
        throw new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${existing.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (existing.fingerprint !== fingerprint) {
        throw new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...(await existing.result), replayed: true };
    }
    const result = execute();
    const entry = { endpoint, fingerprint, result };
    entries.set(key, entry);
    const response = await result.catch((error) => {
      entries.delete(key);
      throw error;
    });
    if (response.status >= 400 && entries.get(key) === entry) entries.delete(key);
    return { ...response, replayed: false };
  }

  return { run };
}
