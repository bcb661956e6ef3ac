// Signed webhook delivery, as Stripe does it: the event's JSON text is the exact body, the
// `Stripe-Signature` header comes from the SDK's own helper (re-signed on every attempt, so
// the timestamp is fresh), and a failed attempt (non-2xx, network error) is retried.
import Stripe from "stripe";
import { sleep } from "./util.mjs";

const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * @typedef {import("./server.mjs").SandboxEvent} SandboxEvent
 * @typedef {NonNullable<import("./server.mjs").StripeSandboxOptions["deliver"]>} Deliver
 */

/**
 * @param {{
 *   secret: string,
 *   webhookUrl?: string,
 *   deliver?: Deliver,
 *   retryDelaysMs: number[],
 *   log: (line: string) => void,
 *   signal: AbortSignal,
 * }} options
 */
export function createWebhookSender({ secret, webhookUrl, deliver, retryDelaysMs, log, signal }) {
  const signer = new Stripe("sk_test_sandbox_signer");
  /** @type {Set<Promise<boolean>>} */
  const pending = new Set();

  /**
   * @param {SandboxEvent} event
   * @param {string} payload
   * @returns {Promise<number>} the HTTP status the endpoint answered
   */
  async function attempt(event, payload) {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    if (deliver) return (await deliver({ payload, signature, event })).status;
    const response = await fetch(/** @type {string} */ (webhookUrl), {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
      body: payload,
      signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  }

  /**
   * @param {SandboxEvent} event
   * @param {string} payload
   * @returns {Promise<boolean>} whether an attempt was answered with 2xx
   */
  async function sendWithRetries(event, payload) {
    const attempts = retryDelaysMs.length + 1;
    for (let n = 0; n < attempts && !signal.aborted; n++) {
      let outcome;
      try {
        const status = await attempt(event, payload);
        if (status >= 200 && status < 300) return true;
        outcome = `HTTP ${status}`;
      } catch (error) {
        outcome = describeFailure(error);
      }
      if (signal.aborted) break;
      const delay = retryDelaysMs[n];
      const next = delay === undefined ? "giving up" : `retrying in ${delay} ms`;
      // Ids, type and status only: the payload carries customer data.
      log(`[stripe-sandbox] webhook ${event.id} ${event.type} attempt ${n + 1}/${attempts} failed (${outcome}); ${next}`);
      if (delay !== undefined) await sleep(delay, signal);
    }
    return false;
  }

  return {
    /**
     * Delivers one event (with retries). Resolves once delivery succeeded or was given up;
     * never rejects. Without a webhookUrl or deliver function, events are only recorded.
     * @param {SandboxEvent} event
     * @param {string} payload
     */
    send(event, payload) {
      if (!deliver && !webhookUrl) return Promise.resolve(false);
      const delivery = sendWithRetries(event, payload);
      pending.add(delivery);
      delivery.finally(() => pending.delete(delivery)).catch(() => undefined);
      return delivery;
    },
    /** Settles when every delivery under way has finished (after close(), promptly). */
    idle() {
      return Promise.allSettled([...pending]);
    },
  };
}

/** @param {unknown} error */
function describeFailure(error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause && "code" in cause ? String(cause.code) : null;
  const message = code ?? (error instanceof Error ? error.message : String(error));
  return message.replace(/\s+/g, " ").slice(0, 160);
}
