// A local, Stripe-compatible payment sandbox for development and tests: the official Stripe
// SDK talks to it (`new Stripe(key, { host, port, protocol: "http" })`) for the calls the app
// makes, browsers pay on its hosted checkout page, and it delivers signed webhooks. State is
// in memory, in this process. `npm start` and the tests use it when no STRIPE_SECRET_KEY is set.
//
// API: POST /v1/checkout/sessions (mode payment or subscription), GET /v1/checkout/sessions
// (?subscription=…), GET /v1/checkout/sessions/:id(/line_items), POST /v1/checkout/sessions/:id/expire,
// GET /v1/payment_intents/:id, POST /v1/refunds, GET /v1/refunds/:id (a refund also emits
// charge.refunded), and Billing (customers, prices, subscriptions, invoices: billing.mjs).
// Identity: POST /v1/identity/verification_sessions (type=document), GET …/:id (expand[]=
// verified_outputs, last_verification_report), POST …/:id/cancel; the events
// identity.verification_session.verified / .requires_input / .canceled (identity.mjs).
// Pages: GET|POST /pay/:id (checkout), GET|POST /verify/:id (identity). Standalone: stripe-sandbox/cli.mjs.
// Faults for tests: failNext({ path, kind: "error" | "timeout", times }) makes the next requests to
// one API path answer 500 without running, or run and never answer (a lost answer).
import http from "node:http";
import Stripe from "stripe";
import { createBilling } from "./billing.mjs";
import { createCheckoutSession, listLineItems } from "./checkout-sessions.mjs";
import { invalid, noSuch, StripeApiError } from "./errors.mjs";
import { parseForm } from "./form.mjs";
import { DECLINED_CARD, renderCheckoutPage, renderClosedPage, renderUnknownPage, successRedirect } from "./hosted-page.mjs";
import { createIdempotencyStore } from "./idempotency.mjs";
import { cancelVerificationSession, createVerificationSession, submitVerification, verificationReturn, viewVerificationSession } from "./identity.mjs";
import { readDocumentFields, renderIdentityClosedPage, renderIdentityPage, renderIdentityUnknownPage } from "./identity-page.mjs";
import { rejectUnknown } from "./params.mjs";
import { createRefund, recordPaymentIntent } from "./refunds.mjs";
import { answer, authenticate, headerOf, noExpand, readBody, redirect, sendJson, sendPage } from "./request-io.mjs";
import { randomId } from "./util.mjs";
import { createWebhookSender } from "./webhooks.mjs";

/**
 * @typedef {import("./checkout-sessions.mjs").SessionRecord} SessionRecord
 * @typedef {import("./refunds.mjs").PaymentRecord} PaymentRecord
 * @typedef {import("./idempotency.mjs").ApiResponse} ApiResponse
 * @typedef {import("./form.mjs").FormObject} FormObject
 */

// The sandbox's objects, in Stripe's wire format (a subset): what its API answers, what its
// events carry and what TypeScript tests import from "@/stripe-sandbox/server.mjs".

/** @typedef {"open" | "complete" | "expired"} SandboxSessionStatus */

/**
 * @typedef {object} SandboxShipping
 * @property {string} name
 * @property {{ line1: string, line2: string | null, city: string, postal_code: string, country: string, state: null }} address
 */

/**
 * A Checkout Session.
 * @typedef {object} SandboxCheckoutSession
 * @property {string} id
 * @property {"checkout.session"} object
 * @property {string[] | null} allowed_payment_method_types
 * @property {number} amount_subtotal
 * @property {number} amount_total
 * @property {string | null} cancel_url
 * @property {string | null} client_reference_id
 * @property {number} created
 * @property {string} currency
 * @property {{ shipping_details: SandboxShipping } | null} collected_information The delivery address, once paid, when the session collected one.
 * @property {string | null} customer cus_…: the customer named at creation, or (subscription mode) the one created on payment.
 * @property {{ email: string, name: string | null, phone: null, address: null } | null} customer_details Null until paid.
 * @property {string | null} customer_email
 * @property {number} expires_at
 * @property {string | null} invoice Subscription mode: the first invoice, once paid.
 * @property {false} livemode
 * @property {null} locale
 * @property {Record<string, string>} metadata
 * @property {"payment" | "subscription"} mode
 * @property {string | null} payment_intent A pi_… id once paid (also while an async payment is settling).
 * @property {null} payment_link
 * @property {string[]} payment_method_types
 * @property {"paid" | "unpaid"} payment_status
 * @property {null} setup_intent
 * @property {{ allowed_countries: string[] } | null} shipping_address_collection
 * @property {SandboxSessionStatus} status
 * @property {string | null} subscription Subscription mode: sub_…, once paid.
 * @property {string} success_url
 * @property {{ amount_discount: number, amount_shipping: number, amount_tax: number }} total_details
 * @property {"hosted_page"} ui_mode
 * @property {string | null} url The hosted page, `${publicUrl}/pay/${id}`; null once the session is complete or expired (as at Stripe).
 */

/** @typedef {"checkout.session.completed" | "checkout.session.expired" | "checkout.session.async_payment_succeeded" | "checkout.session.async_payment_failed"} SandboxCheckoutEventType */
/** @typedef {"customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted" | "invoice.paid" | "invoice.payment_failed" | "invoice.voided"} SandboxBillingEventType */
/** @typedef {"identity.verification_session.verified" | "identity.verification_session.requires_input" | "identity.verification_session.canceled"} SandboxIdentityEventType */
/** @typedef {SandboxCheckoutEventType | "charge.refunded" | SandboxBillingEventType | SandboxIdentityEventType} SandboxEventType */

/**
 * A Stripe Identity VerificationSession (type document).
 * @typedef {object} SandboxVerificationSession
 * @property {string} id
 * @property {"identity.verification_session"} object
 * @property {string | null} client_reference_id
 * @property {string} client_secret
 * @property {number} created
 * @property {{ code: string, reason: string } | null} last_error Why the last attempt was not accepted (document_unverified_other); null once verified.
 * @property {string | Record<string, unknown> | null} last_verification_report vr_… after an attempt (expand[]=last_verification_report gives the report, with document.number).
 * @property {false} livemode
 * @property {Record<string, string>} metadata
 * @property {{ document: { allowed_types?: string[] } }} options
 * @property {null} redaction
 * @property {"requires_input" | "verified" | "canceled"} status
 * @property {"document"} type
 * @property {string | null} url The hosted test page, `${publicUrl}/verify/${id}`, while input is awaited; null afterwards.
 */

/**
 * A subscription (the fields the app reads; the period is on the item).
 * @typedef {object} SandboxSubscription
 * @property {string} id
 * @property {"subscription"} object
 * @property {string} customer
 * @property {"active" | "past_due" | "canceled"} status
 * @property {boolean} cancel_at_period_end
 * @property {number | null} canceled_at
 * @property {number | null} ended_at
 * @property {Record<string, string>} metadata
 * @property {{ behavior: string, resumes_at: number | null } | null} pause_collection
 * @property {string | null} latest_invoice
 * @property {{ object: "list", data: Array<{ id: string, current_period_start: number, current_period_end: number, quantity: number, price: { id: string, unit_amount: number, currency: string, recurring: { interval: string, interval_count: number } } }> }} items
 */

/**
 * The charge of a paid session's payment intent, as charge.* events carry it.
 * @typedef {object} SandboxCharge
 * @property {string} id
 * @property {"charge"} object
 * @property {number} amount
 * @property {number} amount_captured
 * @property {number} amount_refunded The total refunded so far (refunds may be partial).
 * @property {string} currency
 * @property {string} payment_intent
 * @property {true} paid
 * @property {boolean} refunded True once the whole amount is refunded.
 * @property {"succeeded"} status
 * @property {Record<string, string>} metadata
 * @property {number} created
 * @property {false} livemode
 */

/**
 * What every event has.
 * @typedef {object} SandboxEventBase
 * @property {string} id
 * @property {"event"} object
 * @property {string} api_version The stripe package's pinned API version (Stripe.API_VERSION).
 * @property {number} created
 * @property {false} livemode
 * @property {number} pending_webhooks
 * @property {{ id: string | null, idempotency_key: string | null }} request The API request that caused it (an expire or refund call); nulls otherwise.
 */

/** @typedef {SandboxEventBase & { type: SandboxCheckoutEventType, data: { object: SandboxCheckoutSession } }} SandboxCheckoutEvent */
/** Sent for every refund, full or partial (charge.refunded, as at Stripe). @typedef {SandboxEventBase & { type: "charge.refunded", data: { object: SandboxCharge } }} SandboxChargeEvent */
/** customer.subscription.* and invoice.* events (data.object: a subscription or an invoice). @typedef {SandboxEventBase & { type: SandboxBillingEventType, data: { object: Record<string, unknown> & { id: string, object: string } } }} SandboxBillingEvent */
/** identity.verification_session.* (data.object: the session, verified_outputs never included, as at Stripe). @typedef {SandboxEventBase & { type: SandboxIdentityEventType, data: { object: SandboxVerificationSession } }} SandboxIdentityEvent */
/** @typedef {SandboxCheckoutEvent | SandboxChargeEvent | SandboxBillingEvent | SandboxIdentityEvent} SandboxEvent */
/**
 * The event a type names (SandboxCheckoutEvent for "checkout.session.expired").
 * @template {SandboxEventType} T
 * @typedef {SandboxEvent extends infer E ? (E extends { type: infer U } ? (T extends U ? E : never) : never) : never} SandboxEventOf
 */

/** @typedef {import("./refunds.mjs").Refund} SandboxRefund */

/**
 * One webhook delivery.
 * @typedef {object} SandboxDelivery
 * @property {string} payload The exact raw body (JSON text).
 * @property {string} signature The `Stripe-Signature` header value.
 * @property {SandboxEvent} event
 */

/**
 * @typedef {object} StripeSandboxOptions
 * @property {number} [port] 0 (default) picks a free port.
 * @property {string} [host]
 * @property {string} [publicUrl] Base URL browsers use for the hosted page; default `http://${host}:${port}`.
 * @property {string} webhookSecret whsec_… used to sign events.
 * @property {string} [webhookUrl] POST events here (JSON body, `Stripe-Signature` header), or
 * @property {(delivery: SandboxDelivery) => Promise<{ status: number }>} [deliver] hand them to this function instead (integration tests calling the route handler). A non-2xx status or a throw is retried.
 * @property {() => number} [now] Clock (ms) for created/expires_at and time-based expiry. Signatures use the real clock, as the receiver verifies against it.
 * @property {number} [sweepIntervalMs] How often open sessions are checked against expires_at (default 1000 ms).
 * @property {number[]} [retryDelaysMs] Waits before each retry of a failed delivery (default WEBHOOK_RETRY_DELAYS_MS below).
 * @property {(line: string) => void} [log] One line per failed delivery attempt (ids, type, status; never the payload). Default console.warn.
 */

/**
 * A running sandbox.
 * @typedef {object} StripeSandbox
 * @property {string} url API base, e.g. http://127.0.0.1:54321
 * @property {number} port
 * @property {() => Promise<void>} close Stops timers and deliveries under way, closes the server and its connections.
 * @property {(sessionId: string, options?: { paymentStatus?: "paid" | "unpaid", email?: string }) => Promise<SandboxCheckoutEvent>} pay
 *   Pays an open session as the hosted page's Pay button does and resolves with the event after its delivery was attempted (retries included). "unpaid" models an async method still settling. Throws when the session is not open.
 * @property {(sessionId: string, outcome: "succeeded" | "failed") => Promise<SandboxCheckoutEvent>} settle
 *   Settles a session paid with { paymentStatus: "unpaid" }: delivers checkout.session.async_payment_succeeded or …_failed.
 * @property {(subscriptionId: string, options?: { outcome?: "paid" | "failed" }) => Promise<SandboxEvent[]>} renew
 *   Ends a subscription's current period as Stripe's billing would, and resolves once the events were delivered: cancel_at_period_end → canceled
 *   (customer.subscription.deleted); paused → next period with a voided invoice; otherwise the next invoice is charged (invoice.paid, or with outcome
 *   "failed", or a customer whose payment method is pm_card_chargeCustomerFail, invoice.payment_failed and past_due) and the subscription updated.
 * @property {(subscriptionId: string) => SandboxSubscription | undefined} subscription
 * @property {(customerId: string, paymentMethod: string | null) => void} setPaymentMethod Sets a customer's default payment method; "pm_card_chargeCustomerFail" makes later charges fail.
 * @property {(sessionId: string) => Promise<SandboxCheckoutEvent>} expire Expires an open session now and delivers checkout.session.expired.
 * @property {(eventId: string) => Promise<void>} redeliver Re-sends a recorded event (same id and body, fresh signature).
 * @property {(sessionId: string) => SandboxCheckoutSession | undefined} session
 * @property {(verificationId: string, input: { outcome: "verified" | "unreadable", firstName?: string, lastName?: string, dob?: string, documentNumber?: string }) => Promise<SandboxIdentityEvent>} verifyIdentity
 *   Completes a verification session as its hosted page does ("verified" with the document's name and date of birth yyyy-MM-dd, or "unreadable") and
 *   resolves with the event after its delivery was attempted. documentNumber defaults to a new one (pass the same to two accounts for a duplicate).
 * @property {(verificationId: string) => SandboxVerificationSession | undefined} verificationSession
 * @property {(fault: { method?: string, path: string, times?: number, kind: "error" | "timeout" }) => void} failNext
 *   A provider fault for the next `times` API requests to this method (default POST) and path (e.g. "/v1/checkout/sessions"): "error" answers 500
 *   api_error without running the request (nothing is kept under its idempotency key); "timeout" runs it (its answer is kept under the key) and never
 *   answers, until the client gives up and closes the connection. A client's own retries count as requests.
 * @property {() => void} clearFaults Switches off every fault not yet used.
 * @property {(method: string, path: string) => number} apiRequests How many API requests reached this method and path (e.g. "POST", "/v1/checkout/sessions"), faulted ones included.
 * @property {() => SandboxCheckoutSession[]} sessions Every checkout session made, oldest first.
 * @property {() => SandboxRefund[]} refunds
 * @property {() => SandboxEvent[]} events Every event recorded, oldest first.
 */

const API_BODY_LIMIT = 1024 * 1024;
/** The address a subscription gets when a test pays its session without giving one. */
const TEST_SHIPPING = { name: "Test Patient", address: { line1: "1 Test Street", line2: null, city: "London", postal_code: "SW1A 1AA", country: "GB", state: null } };

/**
 * The delivery address from the hosted page's form: the address, or what is wrong with it.
 * @param {(name: string) => string} field
 * @returns {import("./billing.mjs").Shipping | string}
 */
function readShippingForm(field) {
  const name = field("ship_name").trim();
  const line1 = field("ship_line1").trim();
  const city = field("ship_city").trim();
  const postcode = field("ship_postcode").trim().toUpperCase();
  if (!name || !line1 || !city) return "Enter the delivery name, address line 1 and town or city.";
  if (!/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/.test(postcode)) return "Enter a UK postcode, like SW1A 1AA.";
  return { name, address: { line1, line2: field("ship_line2").trim() || null, city, postal_code: postcode, country: "GB", state: null } };
}
const PAGE_BODY_LIMIT = 16 * 1024;

// Stripe retries a failed webhook delivery for days. The sandbox keeps trying for about two
// minutes (a restarted instance, a database outage of tens of seconds: issue 13's fault
// tests), long enough for every payment made meanwhile to be confirmed once the app is back.
const WEBHOOK_RETRY_DELAYS_MS = [200, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

/**
 * Starts the sandbox; resolves once it listens.
 * @param {StripeSandboxOptions} options
 * @returns {Promise<StripeSandbox>}
 */
export async function startStripeSandbox(options) {
  const { port = 0, host = "127.0.0.1", webhookSecret, webhookUrl, deliver, now = () => Date.now() } = options;
  const { sweepIntervalMs = 1000, retryDelaysMs = WEBHOOK_RETRY_DELAYS_MS, log = (line) => console.warn(line) } = options;
  if (!/^whsec_\S+$/.test(webhookSecret ?? "")) throw new Error("startStripeSandbox: webhookSecret (whsec_…) is required.");
  if (webhookUrl && deliver) throw new Error("startStripeSandbox: pass webhookUrl or deliver, not both.");

  /** @type {Map<string, SessionRecord>} */
  const sessions = new Map();
  /** @type {Map<string, PaymentRecord>} */
  const payments = new Map();
  /** @type {Map<string, SandboxRefund>} */
  const refunds = new Map();
  /** @type {Map<string, { event: SandboxEvent, payload: string }>} */
  const events = new Map();
  /** @type {Map<string, import("./identity.mjs").VerificationRecord>} */
  const verifications = new Map();
  const closing = new AbortController();
  const webhooks = createWebhookSender({ secret: webhookSecret, webhookUrl, deliver, retryDelaysMs, log, signal: closing.signal });
  const idempotency = createIdempotencyStore();
  const seconds = () => Math.floor(now() / 1000);
  let publicUrl = "";
  const billing = createBilling({ emit, payments, seconds });

  /**
   * Records an event with a snapshot of its object (a checkout session, a charge, a
   * subscription or invoice, a verification session) and starts delivering it.
   * @template {SandboxEventType} T
   * @param {T} type
   * @param {SandboxEventOf<T>["data"]["object"]} object
   * @param {SandboxEvent["request"]} [request]
   */
  function emit(type, object, request = { id: null, idempotency_key: null }) {
    // TypeScript cannot follow `type` into the generic event; SandboxEventOf<T> says which it is.
    const event = /** @type {SandboxEventOf<T>} */ (/** @type {SandboxEvent} */ ({
      id: randomId("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: seconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    }));
    const payload = JSON.stringify(event, null, 2);
    events.set(event.id, { event, payload });
    return { event, delivery: webhooks.send(event, payload) };
  }

  /**
   * @param {SessionRecord} record
   * @param {SandboxEvent["request"]} [request]
   */
  function expireSession(record, request) {
    record.session.status = "expired";
    record.session.url = null;
    return emit("checkout.session.expired", record.session, request);
  }

  /** Stripe expires an open session at expires_at; checked on every access and by the sweep. */
  function expireIfDue(/** @type {SessionRecord} */ record) {
    if (record.session.status === "open" && now() >= record.session.expires_at * 1000) expireSession(record);
  }

  /**
   * What paying on the hosted page does. Throws when the session is not open.
   * @param {SessionRecord} record
   * @param {{ paymentStatus?: "paid" | "unpaid", email?: string, shipping?: import("./billing.mjs").Shipping | null }} [options]
   */
  function completeSession(record, { paymentStatus = "paid", email, shipping = null } = {}) {
    expireIfDue(record);
    const { session } = record;
    if (session.status !== "open") throw new Error(`Checkout session ${session.id} is ${session.status}, not open.`);
    const customerEmail = session.customer_email ?? email ?? "customer@example.com";
    if (session.mode === "subscription") {
      if (paymentStatus !== "paid") throw new Error("A subscription-mode session is paid by card at once (paymentStatus \"paid\").");
      billing.startSubscription(record, { email: customerEmail, shipping: shipping ?? (session.shipping_address_collection ? TEST_SHIPPING : null) });
      session.status = "complete";
      session.payment_status = "paid";
      session.customer_details = { email: customerEmail, name: shipping?.name ?? null, phone: null, address: null };
      session.url = null;
      return emit("checkout.session.completed", record.session);
    }
    const paid = paymentStatus === "paid";
    const intent = recordPaymentIntent(payments, {
      amount: session.amount_total,
      received: paid,
      currency: session.currency,
      status: paid ? "succeeded" : "processing",
      metadata: record.paymentIntentMetadata,
      description: record.paymentIntentDescription,
      created: seconds(),
    });
    session.status = "complete";
    session.payment_status = paymentStatus;
    session.payment_intent = intent.id;
    session.customer_details = { email: customerEmail, name: null, phone: null, address: null };
    session.url = null;
    return emit("checkout.session.completed", record.session);
  }

  /**
   * The charge behind a paid payment intent, as Stripe reports it in charge.* events.
   * @param {PaymentRecord} record
   * @returns {SandboxCharge}
   */
  function chargeOf({ intent, amountRefunded }) {
    return {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount_received,
      amount_captured: intent.amount_received,
      amount_refunded: amountRefunded,
      currency: intent.currency,
      payment_intent: intent.id,
      paid: true,
      refunded: amountRefunded >= intent.amount_received,
      status: "succeeded",
      metadata: { ...intent.metadata },
      created: intent.created,
      livemode: false,
    };
  }

  /** @param {string} sessionId */
  function recordOrThrow(sessionId) {
    const record = sessions.get(sessionId);
    if (!record) throw new Error(`No such checkout session: ${sessionId}`);
    return record;
  }

  // ----- API --------------------------------------------------------------------------------

  /**
   * @param {string} method
   * @param {string} path  the URL path after /v1, e.g. "/checkout/sessions/cs_test_…/expire"
   * @param {FormObject} params
   * @param {{ requestId: string, idempotencyKey: string | null }} request
   * @returns {ApiResponse}
   */
  function route(method, path, params, { requestId, idempotencyKey }) {
    // A snapshot: an idempotent replay answers what the first request answered, as Stripe does.
    const ok = (/** @type {unknown} */ body) => ({ status: 200, body: structuredClone(body), requestId });
    const match = (/** @type {string} */ verb, /** @type {RegExp} */ pattern) => (method === verb ? pattern.exec(path)?.[1] : undefined);
    let id;
    if (method === "POST" && path === "/checkout/sessions") {
      noExpand(params);
      const record = createCheckoutSession(params, { nowMs: now(), publicUrl, findPrice: billing.findPrice, customerExists: billing.customerExists });
      sessions.set(record.session.id, record);
      return ok(record.session);
    }
    if (method === "GET" && path === "/checkout/sessions") {
      noExpand(params);
      rejectUnknown(params, ["subscription", "payment_intent", "customer", "status", "limit"]);
      const matches = [...sessions.values()]
        .map((record) => record.session)
        .filter((session) => ["subscription", "payment_intent", "customer", "status"].every((key) => params[key] === undefined || /** @type {Record<string, unknown>} */ (session)[key] === params[key]))
        .reverse();
      return ok({ object: "list", data: matches, has_more: false, url: "/v1/checkout/sessions" });
    }
    if ((id = match("GET", /^\/checkout\/sessions\/([^/]+)$/))) {
      noExpand(params);
      rejectUnknown(params, []);
      return ok(sessionOrThrow(id).session);
    }
    if ((id = match("POST", /^\/checkout\/sessions\/([^/]+)\/expire$/))) {
      noExpand(params);
      rejectUnknown(params, []);
      const record = sessionOrThrow(id);
      if (record.session.status !== "open") {
        throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`);
      }
      expireSession(record, { id: requestId, idempotency_key: idempotencyKey });
      return ok(record.session);
    }
    if ((id = match("GET", /^\/checkout\/sessions\/([^/]+)\/line_items$/))) {
      noExpand(params);
      rejectUnknown(params, ["limit", "starting_after", "ending_before"]);
      return ok(listLineItems(sessionOrThrow(id)));
    }
    if ((id = match("GET", /^\/payment_intents\/([^/]+)$/))) {
      noExpand(params);
      rejectUnknown(params, ["client_secret"]);
      const payment = payments.get(id);
      if (!payment) throw noSuch("payment_intent", id);
      return ok(payment.intent);
    }
    if (method === "POST" && path === "/refunds") {
      noExpand(params);
      const refund = createRefund(params, { payments, nowMs: now() });
      refunds.set(refund.id, refund);
      // As at Stripe, every refund (through the API or the Dashboard) announces the charge.
      emit("charge.refunded", chargeOf(/** @type {PaymentRecord} */ (payments.get(refund.payment_intent))), { id: requestId, idempotency_key: idempotencyKey });
      return ok(refund);
    }
    if ((id = match("GET", /^\/refunds\/([^/]+)$/))) {
      noExpand(params);
      rejectUnknown(params, []);
      const refund = refunds.get(id);
      if (!refund) throw noSuch("refund", id);
      return ok(refund);
    }
    if (method === "POST" && path === "/identity/verification_sessions") {
      noExpand(params);
      const record = createVerificationSession(params, { nowMs: now(), publicUrl });
      verifications.set(record.session.id, record);
      return ok(record.session);
    }
    if ((id = match("GET", /^\/identity\/verification_sessions\/([^/]+)$/))) {
      return ok(viewVerificationSession(verificationOrThrow(id), params));
    }
    if ((id = match("POST", /^\/identity\/verification_sessions\/([^/]+)\/cancel$/))) {
      noExpand(params);
      rejectUnknown(params, []);
      const record = verificationOrThrow(id);
      cancelVerificationSession(record);
      emit("identity.verification_session.canceled", record.session, { id: requestId, idempotency_key: idempotencyKey });
      return ok(record.session);
    }
    noExpand(params);
    const billed = billing.route(method, path, params, { requestId, idempotencyKey });
    if (billed) return ok(billed);
    throw new StripeApiError(404, {
      message: `Unrecognized request URL (${method}: /v1${path}). The payment sandbox implements checkout sessions, payment intents (retrieve), refunds, customers, prices, subscriptions, invoices, invoice payments and identity verification sessions.`,
    });
  }

  /** @param {string} verificationId */
  function verificationOrThrow(verificationId) {
    const record = verifications.get(verificationId);
    if (!record) throw noSuch("identity.verification_session", verificationId);
    return record;
  }

  /**
   * What the identity page's outcome does: updates the session and emits its event.
   * @param {import("./identity.mjs").VerificationRecord} record
   * @param {Parameters<typeof submitVerification>[1]} input
   */
  function completeVerification(record, input) {
    const type = submitVerification(record, input);
    return emit(type, record.session);
  }

  /** @param {string} sessionId */
  function sessionOrThrow(sessionId) {
    const record = sessions.get(sessionId);
    if (!record) throw noSuch("checkout.session", sessionId);
    expireIfDue(record);
    return record;
  }

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {URL} url
   */
  async function handleApi(req, res, url) {
    const requestId = randomId("req_", 14);
    const method = req.method ?? "GET";
    apiRequestCounts.set(`${method} ${url.pathname}`, (apiRequestCounts.get(`${method} ${url.pathname}`) ?? 0) + 1);
    const idempotencyKey = method === "POST" ? headerOf(req, "idempotency-key") : null;
    /** @type {Record<string, string>} */
    const headers = { "request-id": requestId, "stripe-version": Stripe.API_VERSION };
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    const fault = takeFault(method, url.pathname);
    if (fault === "error") {
      // Refused before anything ran, so nothing is kept under the idempotency key: a retry runs.
      await readBody(req, API_BODY_LIMIT).catch(() => "");
      return sendJson(res, 500, { error: { type: "api_error", message: "An unknown error occurred." } }, headers);
    }
    /** @type {ApiResponse & { replayed?: boolean }} */
    let response;
    try {
      authenticate(req);
      const text = await readBody(req, API_BODY_LIMIT);
      if (text && !/^application\/x-www-form-urlencoded\b/i.test(req.headers["content-type"] ?? "")) {
        throw invalid("Invalid request: Stripe's v1 API (and this sandbox) takes application/x-www-form-urlencoded bodies.");
      }
      // The SDK sends GET and DELETE parameters in the query string.
      const params = parseForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : text);
      const path = url.pathname.slice("/v1".length);
      const execute = async () => answer(() => route(method, path, params, { requestId, idempotencyKey }), requestId);
      response = idempotencyKey ? await idempotency.run(idempotencyKey, `${method} ${url.pathname}`, JSON.stringify(params), execute) : await execute();
    } catch (error) {
      response = await answer(() => {
        throw error;
      }, requestId);
    }
    if (response.replayed) Object.assign(headers, { "idempotent-replayed": "true", "original-request": response.requestId });
    // The request ran (and its answer is kept under its idempotency key), but the answer is lost:
    // nothing is sent until the client gives up and closes the connection.
    if (fault === "timeout") return new Promise((resolve) => res.once("close", resolve));
    sendJson(res, response.status, response.body, headers);
  }

  // Faults a test switches on (failNext): the next `times` API requests to one method and path
  // answer 500 without running ("error"), or run and never answer ("timeout").
  /** @type {{ method: string, path: string, kind: "error" | "timeout", remaining: number }[]} */
  let faults = [];

  /** @param {string} method @param {string} pathname */
  function takeFault(method, pathname) {
    const fault = faults.find((f) => f.method === method && f.path === pathname && f.remaining > 0);
    if (!fault) return null;
    fault.remaining -= 1;
    faults = faults.filter((f) => f.remaining > 0);
    return fault.kind;
  }

  // ----- Hosted page ------------------------------------------------------------------------

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} sessionId
   */
  async function handlePage(req, res, sessionId) {
    const record = sessions.get(sessionId);
    if (record) expireIfDue(record);
    if (req.method === "GET" || req.method === "HEAD") {
      if (!record) return sendPage(res, renderUnknownPage());
      return sendPage(res, record.session.status === "open" ? renderCheckoutPage(record) : renderClosedPage(record));
    }
    if (req.method !== "POST") return sendPage(res, { ...renderUnknownPage(), status: 405 });
    const form = parseForm(await readBody(req, PAGE_BODY_LIMIT));
    if (!record) return sendPage(res, renderUnknownPage());
    if (record.session.status !== "open") return sendPage(res, renderClosedPage(record, 409));
    const field = (/** @type {string} */ name) => (typeof form[name] === "string" ? /** @type {string} */ (form[name]) : "");
    if (field("action") === "cancel") {
      return redirect(res, record.session.cancel_url ?? successRedirect(record.session));
    }
    if (field("action") !== "pay") return sendPage(res, renderCheckoutPage(record, { error: "Choose Pay or Cancel.", status: 400 }));
    const card = field("card").replace(/[\s-]/g, "");
    const email = field("email").trim();
    const shippingValues = Object.fromEntries(["ship_name", "ship_line1", "ship_line2", "ship_city", "ship_postcode"].map((name) => [name, field(name)]));
    const state = { card: field("card"), email, shipping: shippingValues };
    if (!record.session.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return sendPage(res, renderCheckoutPage(record, { ...state, error: "Enter your email address, like name@example.com.", errorField: "email", status: 400 }));
    }
    if (!/^\d{12,19}$/.test(card)) {
      return sendPage(res, renderCheckoutPage(record, { ...state, error: "Enter a card number of 12 to 19 digits.", status: 400 }));
    }
    const shipping = record.session.shipping_address_collection ? readShippingForm(field) : null;
    if (typeof shipping === "string") return sendPage(res, renderCheckoutPage(record, { ...state, error: shipping, errorField: "shipping", status: 400 }));
    if (card === DECLINED_CARD) {
      return sendPage(res, renderCheckoutPage(record, { ...state, error: "Your card was declined.", status: 402 }));
    }
    // The webhook is delivered in the background: the redirect does not wait for it.
    completeSession(record, { email: email || undefined, shipping });
    redirect(res, successRedirect(record.session));
  }

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} verificationId
   */
  async function handleIdentityPage(req, res, verificationId) {
    const record = verifications.get(verificationId);
    if (req.method === "GET" || req.method === "HEAD") {
      if (!record) return sendPage(res, renderIdentityUnknownPage());
      return sendPage(res, record.session.status === "requires_input" ? renderIdentityPage(record) : renderIdentityClosedPage(record));
    }
    if (req.method !== "POST") return sendPage(res, { ...renderIdentityUnknownPage(), status: 405 });
    const form = parseForm(await readBody(req, PAGE_BODY_LIMIT));
    if (!record) return sendPage(res, renderIdentityUnknownPage());
    if (record.session.status !== "requires_input") return sendPage(res, renderIdentityClosedPage(record, 409));
    const field = (/** @type {string} */ name) => (typeof form[name] === "string" ? /** @type {string} */ (form[name]) : "");
    const outcome = field("outcome");
    const state = { name: field("name"), dob: field("dob"), number: field("number") };
    if (outcome === "unreadable") {
      completeVerification(record, { outcome: "unreadable", nowMs: now() });
    } else if (outcome === "verified" || outcome === "other_name") {
      const fields = readDocumentFields(state.name, state.dob);
      if (typeof fields === "string") return sendPage(res, renderIdentityPage(record, { ...state, error: fields, status: 400 }));
      // "Name does not match": the same document, as if it carried another surname.
      const lastName = outcome === "other_name" ? `${fields.lastName}-Different` : fields.lastName;
      const documentNumber = /^[A-Za-z0-9]{4,20}$/.test(state.number.trim()) ? state.number.trim().toUpperCase() : undefined;
      if (state.number.trim() && !documentNumber) return sendPage(res, renderIdentityPage(record, { ...state, error: "A document number is 4 to 20 letters and digits.", status: 400 }));
      completeVerification(record, { outcome: "verified", ...fields, lastName, documentNumber, nowMs: now() });
    } else {
      return sendPage(res, renderIdentityPage(record, { ...state, error: "Choose an outcome.", status: 400 }));
    }
    // The webhook is delivered in the background, as for checkout; Stripe returns the browser to return_url.
    const back = verificationReturn(record);
    if (back) return redirect(res, back);
    return sendPage(res, renderIdentityClosedPage(record));
  }

  // ----- Server -----------------------------------------------------------------------------

  // How often the API was asked for each method and path (GET /__sandbox/requests?method=GET&path=/v1/…):
  // what a test of the app's budget of provider look-ups counts from outside (e2e/security-attacks.spec.ts).
  /** @type {Map<string, number>} */
  const apiRequestCounts = new Map();

  /** @param {http.ServerResponse} res @param {string} id @param {string | null} outcome */
  async function renewOverHttp(res, id, outcome) {
    if (!billing.subscription(id)) return sendJson(res, 404, new StripeApiError(404, { message: `No such subscription: '${id}'` }).toJSON(), {});
    const emitted = billing.renew(id, outcome === "paid" || outcome === "failed" ? { outcome } : {});
    for (const { delivery } of emitted) await delivery;
    sendJson(res, 200, { events: emitted.map(({ event }) => event.type) }, {});
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const pageMatch = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const identityMatch = /^\/verify\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    // POST /__sandbox/subscriptions/{id}/renew[?outcome=paid|failed]: the end of the period, as
    // renew() does for tests in-process (the sandbox has no clock; Stripe's test clocks do this).
    const renewMatch = req.method === "POST" ? /^\/__sandbox\/subscriptions\/([A-Za-z0-9_]+)\/renew$/.exec(url.pathname) : null;
    const work = url.pathname.startsWith("/v1/")
      ? handleApi(req, res, url)
      : url.pathname === "/__sandbox/requests" && req.method === "GET"
        ? Promise.resolve(sendJson(res, 200, { count: apiRequestCounts.get(`${url.searchParams.get("method") ?? "GET"} ${url.searchParams.get("path") ?? ""}`) ?? 0 }, {}))
        : renewMatch
        ? renewOverHttp(res, /** @type {string} */ (renewMatch[1]), url.searchParams.get("outcome"))
        : pageMatch
        ? handlePage(req, res, /** @type {string} */ (pageMatch[1]))
        : identityMatch
        ? handleIdentityPage(req, res, /** @type {string} */ (identityMatch[1]))
        : Promise.resolve(sendJson(res, 404, new StripeApiError(404, { message: `Unrecognized request URL (${req.method}: ${url.pathname}).` }).toJSON(), {}));
    work.catch((error) => {
      log(`[stripe-sandbox] ${req.method} ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, error instanceof StripeApiError ? error.statusCode : 500, { error: { type: "api_error", message: "The payment sandbox could not handle this request." } }, {});
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${actualPort}`;
  publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "");

  const sweep = setInterval(() => sessions.forEach(expireIfDue), sweepIntervalMs);
  sweep.unref();

  return {
    url,
    port: actualPort,
    async close() {
      clearInterval(sweep);
      closing.abort();
      await webhooks.idle();
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
    async pay(sessionId, { paymentStatus = "paid", email } = {}) {
      if (paymentStatus !== "paid" && paymentStatus !== "unpaid") throw new Error(`pay: paymentStatus must be "paid" or "unpaid", not ${paymentStatus}.`);
      const { event, delivery } = completeSession(recordOrThrow(sessionId), { paymentStatus, email });
      await delivery;
      return structuredClone(event);
    },
    async settle(sessionId, outcome) {
      const record = recordOrThrow(sessionId);
      const payment = payments.get(record.session.payment_intent ?? "");
      if (record.session.status !== "complete" || record.session.payment_status !== "unpaid" || payment?.intent.status !== "processing") {
        throw new Error(`Checkout session ${sessionId} has no payment still settling (pay it with { paymentStatus: "unpaid" } first).`);
      }
      if (outcome !== "succeeded" && outcome !== "failed") throw new Error(`settle: outcome must be "succeeded" or "failed", not ${outcome}.`);
      if (outcome === "succeeded") {
        payment.intent.status = "succeeded";
        payment.intent.amount_received = payment.intent.amount;
        record.session.payment_status = "paid";
      } else {
        payment.intent.status = "requires_payment_method";
      }
      const { event, delivery } = emit(`checkout.session.async_payment_${outcome}`, record.session);
      await delivery;
      return structuredClone(event);
    },
    async renew(subscriptionId, options = {}) {
      const emitted = billing.renew(subscriptionId, options);
      for (const { delivery } of emitted) await delivery;
      return emitted.map(({ event }) => structuredClone(event));
    },
    subscription: (subscriptionId) => billing.subscription(subscriptionId),
    setPaymentMethod: (customerId, paymentMethod) => billing.setPaymentMethod(customerId, paymentMethod),
    async expire(sessionId) {
      const record = recordOrThrow(sessionId);
      expireIfDue(record);
      if (record.session.status !== "open") throw new Error(`Checkout session ${sessionId} is ${record.session.status}, not open.`);
      const { event, delivery } = expireSession(record);
      await delivery;
      return structuredClone(event);
    },
    async redeliver(eventId) {
      const stored = events.get(eventId);
      if (!stored) throw new Error(`No such event: ${eventId}`);
      await webhooks.send(stored.event, stored.payload);
    },
    session(sessionId) {
      const record = sessions.get(sessionId);
      if (record) expireIfDue(record);
      return record ? structuredClone(record.session) : undefined;
    },
    async verifyIdentity(verificationId, input) {
      const record = verifications.get(verificationId);
      if (!record) throw new Error(`No such verification session: ${verificationId}`);
      const { event, delivery } = completeVerification(record, { ...input, nowMs: now() });
      await delivery;
      return structuredClone(event);
    },
    verificationSession(verificationId) {
      const record = verifications.get(verificationId);
      return record ? structuredClone(record.session) : undefined;
    },
    failNext({ method = "POST", path, times = 1, kind }) {
      if (!path.startsWith("/v1/")) throw new Error(`failNext: path must be an API path (/v1/…), not ${path}.`);
      if (kind !== "error" && kind !== "timeout") throw new Error(`failNext: kind must be "error" or "timeout", not ${kind}.`);
      if (!Number.isInteger(times) || times < 1) throw new Error(`failNext: times must be a positive whole number, not ${times}.`);
      faults.push({ method, path, kind, remaining: times });
    },
    clearFaults() {
      faults = [];
    },
    apiRequests: (method, path) => apiRequestCounts.get(`${method} ${path}`) ?? 0,
    sessions: () => [...sessions.values()].map((record) => structuredClone(record.session)),
    refunds: () => [...refunds.values()].map((refund) => structuredClone(refund)),
    events: () => [...events.values()].map(({ event }) => structuredClone(event)),
  };
}
