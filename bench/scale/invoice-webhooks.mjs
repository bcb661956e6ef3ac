// The scale step's paid-invoice webhook (issue 24): POST /api/webhooks/stripe with signed
// invoice.paid events, each a distinct renewal invoice of a real subscription, so each makes
// one renewal order (lib/server/subscriptions/sync-subscription.ts applyInvoice re-reads the
// subscription, the invoice and its payment from the payment API under the subscription's lock).
//
// The subscriptions are real on both sides: for each database, patients made by the tests'
// factory take the minoxidil assessment over HTTP, POST /api/subscribe opens a subscription
// Checkout on this step's own payment sandbox, and the sandbox pays it; its webhooks go to that
// database's server, which records the subscription (and its first order) as in production.
// The renewals are then made on the sandbox (its renew(), Stripe's end of a period) with their
// webhooks held back: the load sends those invoice.paid events itself, re-signed as each is
// sent, spread over the subscriptions so that the 10 connections do not queue on one lock.
//
// Why a sandbox of its own: the bench's sandbox delivers to the bench's address, which is the
// empty clinic's server here; this one delivers to whichever server is being set up.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import Stripe from "stripe";
import { startStripeSandbox } from "../../stripe-sandbox/server.mjs";
import { sleep } from "../harness.mjs";
import { createPatients, patientAddress, request, signInAll } from "../patients.mjs";
import { HOST, root, webhookSecret } from "../settings.mjs";
import { oneRow } from "../one-row.mjs";

/** @typedef {import("../../stripe-sandbox/server.mjs").SandboxEvent} SandboxEvent */
/**
 * The step's payment sandbox, with where its deliveries go (`deliverTo`, a server's webhook
 * URL) or, while that is null, the deliveries it kept instead (`held`).
 * @typedef {Awaited<ReturnType<typeof startStripeSandbox>> & { state: { deliverTo: string | null, held: { event: SandboxEvent, payload: string }[] } }} ScaleSandbox
 */
/** @typedef {ReturnType<typeof invoicePool>} InvoicePool */

/** Subscriptions per database: more than the connections, so concurrent events seldom share a lock. */
const WEBHOOK_SUBSCRIPTIONS = 20;
const PLAN_SLUG = "minoxidil-1-month";
// Renewal invoices made ahead of the load, topped up while it runs (they are cheap: the sandbox keeps them in memory).
const POOL_AHEAD = 1000;

/**
 * The step's payment sandbox: deliveries go where `sandbox.deliverTo` says (a server's webhook URL), or are kept (`held`).
 * @returns {Promise<ScaleSandbox>}
 */
export async function startScaleSandbox() {
  /** @type {ScaleSandbox["state"]} */
  const state = { deliverTo: null, held: [] };
  const sandbox = await startStripeSandbox({
    host: HOST,
    port: 0,
    webhookSecret: webhookSecret(),
    log: () => {},
    deliver: async ({ payload, signature, event }) => {
      if (!state.deliverTo) {
        state.held.push({ event, payload });
        return { status: 200 };
      }
      const res = await request(state.deliverTo, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
      return { status: res.status ?? 0 };
    },
  });
  return Object.assign(sandbox, { state });
}

/**
 * For one database whose server answers at `base`: WEBHOOK_SUBSCRIPTIONS patients, each
 * subscribed through Checkout and recorded by the server. Returns their Stripe subscription ids.
 * @param {{ sandbox: ScaleSandbox, base: string, databaseUrl: string, label: string }} options
 */
export async function prepareWebhookSubscriptions({ sandbox, base, databaseUrl, label }) {
  const patients = await createPatients(databaseUrl, { count: WEBHOOK_SUBSCRIPTIONS, label: `scale-webhook-${label}`, questionnaire: false });
  const block = label === "empty" ? 230 : 231;
  const sessions = await signInAll(base, patients, { addressOf: (i) => patientAddress(block, i + 1) });
  const planId = await planIdOf(databaseUrl);
  /** @type {Record<string, { choice?: string, text?: string }>} the fixture's answers by step */
  const answers = JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures/assessment-answers.json"), "utf8"))["minoxidil-men"];
  sandbox.state.deliverTo = `${base}/api/webhooks/stripe`;
  /** @type {string[]} */
  const subscriptionIds = [];
  try {
    for (const [i, session] of sessions.entries()) {
      const headers = { authorization: `Bearer ${session.token}`, "x-forwarded-for": patientAddress(block, i + 1) };
      await passMinoxidil(base, headers, answers);
      const res = await request(`${base}/api/subscribe`, { method: "POST", headers, body: { plan_id: planId } });
      const sessionId = res.status === 200 ? JSON.parse(res.text).sessionId : null;
      if (!sessionId) throw new Error(`POST /api/subscribe answered ${res.status} without a checkout session: ${res.text.slice(0, 200)}`);
      await sandbox.pay(sessionId);
      const subscription = sandbox.session(sessionId)?.subscription;
      if (!subscription) throw new Error(`the sandbox's session ${sessionId} has no subscription once paid`);
      subscriptionIds.push(subscription);
    }
  } finally {
    sandbox.state.deliverTo = null;
  }
  // pay() waits for checkout.session.completed's delivery; the subscription's own events may still be on their way.
  const countRecorded = () => countRows(databaseUrl, "SELECT count(*)::int AS n FROM subscriptions WHERE stripe_subscription_id = ANY($1)", [subscriptionIds]);
  let recorded = await countRecorded();
  for (let i = 0; i < 40 && recorded < subscriptionIds.length; i++) {
    await sleep(250);
    recorded = await countRecorded();
  }
  if (recorded !== subscriptionIds.length) throw new Error(`${label}: the server recorded ${recorded} of the ${subscriptionIds.length} subscriptions paid on the sandbox`);
  return subscriptionIds;
}

/**
 * The minoxidil assessment's passing path (the tests' fixture), saved and submitted as the browser does.
 * @param {string} base
 * @param {Record<string, string>} headers
 * @param {Record<string, { choice?: string, text?: string }>} answers by step
 */
async function passMinoxidil(base, headers, answers) {
  const id = randomUUID();
  for (const [step, answer] of Object.entries(answers)) {
    const res = await request(`${base}/api/questionnaires/${id}/steps/${step}`, { method: "PUT", headers, body: { definition: "minoxidil", choice: answer.choice ?? null, text: answer.text ?? "" } });
    if (res.status !== 200) throw new Error(`minoxidil step ${step} answered ${res.status}: ${res.text.slice(0, 200)}`);
  }
  const res = await request(`${base}/api/questionnaires/${id}/submit`, { method: "POST", headers });
  if (res.status !== 200) throw new Error(`minoxidil submit answered ${res.status}: ${res.text.slice(0, 200)}`);
}

/**
 * A source of distinct invoice.paid events for `subscriptionIds`, renewing them in turn on the
 * sandbox (deliveries held) and kept POOL_AHEAD ahead of the load. `take()` is synchronous,
 * as autocannon's setupRequest is.
 * @param {ScaleSandbox} sandbox
 * @param {string[]} subscriptionIds
 */
export function invoicePool(sandbox, subscriptionIds) {
  /** @type {{ invoiceId: string, payload: string }[]} */
  const ready = [];
  let turn = 0;
  /** @type {Promise<void> | null} */
  let filling = null;
  const fill = async () => {
    while (ready.length < POOL_AHEAD) {
      const id = subscriptionIds[turn++ % subscriptionIds.length];
      if (!id) throw new Error("no subscription to renew");
      sandbox.state.held.length = 0;
      await sandbox.renew(id, { outcome: "paid" });
      const paid = sandbox.state.held.find(({ event }) => event.type === "invoice.paid" && invoiceSubscription(event.data.object) === id);
      if (!paid) throw new Error(`renewing ${id} on the sandbox gave no invoice.paid`);
      ready.push({ invoiceId: paid.event.data.object.id, payload: paid.payload });
    }
  };
  // A top-up started by take() runs while autocannon does; its failure is kept for the next call (never left unhandled).
  /** @type {unknown} */
  let failure = null;
  const topUp = () => (filling ??= fill()
    .catch((error) => {
      failure = error;
    })
    .finally(() => (filling = null)));
  return {
    async fill() {
      await topUp();
      if (failure) throw failure;
    },
    take() {
      if (failure) throw failure;
      if (ready.length < POOL_AHEAD / 2) topUp();
      const next = ready.shift();
      if (!next) throw new Error("the renewal invoices ran out during the load (the top-up fell behind)");
      return next;
    },
  };
}

/**
 * POST /api/webhooks/stripe at `connections`, each request the next invoice.paid of `pool`,
 * signed as it is sent. Returns autocannon's run and the invoices sent and answered 2xx.
 * @param {{ base: string, pool: InvoicePool, connections: number, duration: number }} options
 */
export async function loadWebhooks({ base, pool, connections, duration }) {
  const signer = new Stripe("sk_test_bench_signer");
  const secret = webhookSecret();
  /** @type {string[]} */
  const sent = [];
  /** @type {string[]} */
  const answered = [];
  await pool.fill();
  /** @typedef {{ invoiceId: string }} Sending the connection's invoice in flight */
  /**
   * @param {import("autocannon").Request<Sending>} req
   * @param {Sending} context
   */
  const setupRequest = (req, context) => {
    const { invoiceId, payload } = pool.take();
    context.invoiceId = invoiceId;
    sent.push(invoiceId);
    return { ...req, method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }) } };
  };
  /**
   * @param {number} status
   * @param {string} _body
   * @param {Sending} context
   */
  const onResponse = (status, _body, context) => {
    if (status >= 200 && status < 300) answered.push(context.invoiceId);
  };
  const result = await autocannon({ url: `${base}/api/webhooks/stripe`, connections, pipelining: 1, timeout: 10, duration, requests: [{ setupRequest, onResponse }] });
  return { result, sent, answered };
}

/**
 * After a database's webhook turns: every invoice answered 2xx has exactly one order, and no
 * invoice sent has more (an order names its invoice in a unique column; counted anyway).
 * The requests in flight when a run stops (up to one per connection per run) get no answer
 * that autocannon records: they are counted as sent, not judged (`unanswered`).
 * @param {string} databaseUrl
 * @param {{ sent: string[], answered: string[] }} invoices
 */
export async function checkWebhookOrders(databaseUrl, { sent, answered }) {
  const read = () => countRows(databaseUrl, "SELECT count(*)::int AS n FROM orders WHERE stripe_invoice_id = ANY($1)", [answered]);
  let ordersForAnswered = await read();
  for (let i = 0; i < 20 && ordersForAnswered < answered.length; i++) {
    await sleep(250);
    ordersForAnswered = await read();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    /** @type {import("pg").QueryResult<{ orders: number, invoices: number }>} */
    const counted = await client.query("SELECT count(*)::int AS orders, count(DISTINCT stripe_invoice_id)::int AS invoices FROM orders WHERE stripe_invoice_id = ANY($1)", [sent]);
    const { orders, invoices } = oneRow(counted);
    const exactlyOnce = ordersForAnswered === answered.length && orders === invoices;
    return { sent: sent.length, answered2xx: answered.length, unanswered: sent.length - answered.length, ordersForAnswered, ordersForSent: orders, exactlyOnce };
  } finally {
    await client.end();
  }
}

/** @param {string} databaseUrl */
async function planIdOf(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    /** @type {import("pg").QueryResult<{ id: string }>} */
    const { rows } = await client.query("SELECT id FROM plans WHERE slug = $1", [PLAN_SLUG]);
    if (!rows[0]) throw new Error(`no plan ${PLAN_SLUG} in the database`);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/**
 * The count `sql` answers (as `n`).
 * @param {string} databaseUrl
 * @param {string} sql
 * @param {unknown[]} params
 * @returns {Promise<number>}
 */
async function countRows(databaseUrl, sql, params) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return oneRow(await client.query(sql, params)).n;
  } finally {
    await client.end();
  }
}

/**
 * The subscription an invoice (Stripe's wire format) renews, if any.
 * @param {Record<string, unknown>} invoice
 */
function invoiceSubscription(invoice) {
  const parent = /** @type {{ subscription_details?: { subscription?: string } | null } | null | undefined} Stripe's Invoice.parent */ (invoice.parent);
  return parent?.subscription_details?.subscription;
}
