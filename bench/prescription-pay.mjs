// Bench step: POST /api/prescription/pay from N patients at once. Each patient is an
// account made in the scratch database with a submitted prescription questionnaire (what
// the questionnaire form leaves before the checkout page), signed in through /api/login,
// and pays with its own bearer token and its own client address. The N requests leave at
// the same instant over N keep-alive connections that first carry GET /api/health bursts
// of the same shape, so the two latencies are comparable. Afterwards the database must
// hold N prescription requests for these patients, each with its own checkout session,
// and every answer must have been a 200.
import http from "node:http";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { errorMessage } from "./harness.mjs";
import { createPatients, patientAddress, request, signInAll } from "./patients.mjs";

/** @typedef {{ ms: number, status: number | null, sessionId: string | null, detail: string }} BurstSample One request of a burst (status null: it failed without an answer). */
/** @typedef {{ samples: BurstSample[], wallMs: number }} Burst */

const ADDRESS_BLOCK = 211;

/**
 * @param {{ base: string, databaseUrl: string, patients?: number, log?: (line: string) => void }} options
 */
export async function benchPrescriptionPay({ base, databaseUrl, patients: count = 50, log = () => {} }) {
  // One extra patient warms the route (module load, first query plans) before the burst.
  let t = performance.now();
  const all = await createPatients(databaseUrl, { count: count + 1, label: "pay" });
  const sessions = await signInAll(base, all, { addressOf: (i) => patientAddress(ADDRESS_BLOCK, i + 1) });
  const prepareSeconds = +((performance.now() - t) / 1000).toFixed(2);
  log(`prepared ${all.length} patients (accounts, submitted questionnaires, sign-ins) in ${prepareSeconds} s`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: count, maxFreeSockets: count });
  /** @param {number} i the patient's index (count: the warm-up's) */
  const pay = (i) =>
    request(`${base}/api/prescription/pay`, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${/** @type {import("./patients.mjs").Session} */ (sessions[i]).token}`, "x-forwarded-for": patientAddress(ADDRESS_BLOCK, i + 1) },
      body: { questionnaire_id: /** @type {import("./patients.mjs").Patient} */ (all[i]).questionnaireId },
    });
  const health = () => request(`${base}/api/health`, { agent });
  try {
    const warm = await pay(count);
    if (warm.status !== 200) throw new Error(`the warm-up POST /api/prescription/pay answered ${warm.status}: ${warm.text.slice(0, 300)}`);
    await burst(count, health); // opens the N connections
    const healthBefore = await burst(count, health);
    const payBurst = await burst(count, (i) => pay(i));
    const healthAfter = await burst(count, health);
    const healthAll = [...healthBefore.samples, ...healthAfter.samples];

    const ids = all.slice(0, count).map((p) => p.id);
    const counts = await checkDatabase(databaseUrl, ids);
    const statusCodes = tally(payBurst.samples.map((s) => s.status ?? "error"));
    const sessionIds = payBurst.samples.map((s) => s.sessionId).filter(Boolean);
    const problems = payBurst.samples.filter((s) => s.status !== 200).slice(0, 5).map((s) => `${s.status ?? "error"}: ${s.detail}`);
    return {
      patients: count,
      connections: count,
      prepareSeconds,
      pay: summary(payBurst),
      health: { ...summary({ samples: healthAll, wallMs: (healthBefore.wallMs + healthAfter.wallMs) / 2 }), bursts: [summary(healthBefore), summary(healthAfter)] },
      statusCodes,
      non200: payBurst.samples.filter((s) => s.status !== 200).length,
      distinctSessionsAnswered: new Set(sessionIds).size,
      requestsCreated: counts.requests,
      distinctCheckoutSessions: counts.sessions,
      problems,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * n requests started together; each timed from its start to its last byte.
 * @param {number} n
 * @param {(i: number) => Promise<import("./patients.mjs").PlainResponse>} send
 * @returns {Promise<Burst>}
 */
async function burst(n, send) {
  const started = performance.now();
  const samples = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const t = performance.now();
      try {
        const res = await send(i);
        const ms = performance.now() - t;
        /** @type {string | null} */
        let sessionId = null;
        if (res.status === 200) {
          try {
            sessionId = JSON.parse(res.text).id ?? null;
          } catch {}
        }
        return { ms, status: res.status ?? null, sessionId, detail: res.text.slice(0, 200) };
      } catch (error) {
        return { ms: performance.now() - t, status: null, sessionId: null, detail: errorMessage(error) };
      }
    }),
  );
  return { samples, wallMs: performance.now() - started };
}

/**
 * A burst's timings: percentiles of its samples (null without samples).
 * @param {Burst} burst
 */
function summary({ samples, wallMs }) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  /** @param {number} p */
  const pct = (p) => (sorted.length ? +(/** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)])).toFixed(1) : null);
  return { requests: sorted.length, minMs: pct(0.0001), p50Ms: pct(50), p99Ms: pct(99), maxMs: pct(100), wallMs: +wallMs.toFixed(1), non200: samples.filter((s) => s.status !== 200).length };
}

/**
 * How often each value occurs.
 * @param {(string | number)[]} values
 */
const tally = (values) => values.reduce((/** @type {Record<string, number>} */ acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

/**
 * The prescription requests of `userIds` and the distinct checkout sessions of their payments.
 * @param {string} databaseUrl
 * @param {string[]} userIds
 */
async function checkDatabase(databaseUrl, userIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    /** @type {import("pg").QueryResult<{ requests: number, sessions: number }>} */
    const { rows } = await client.query(
      `SELECT count(r.id)::int AS requests, count(DISTINCT p.checkout_session_id)::int AS sessions
       FROM prescription_requests r JOIN payments p ON p.id = r.payment_id
       WHERE r.user_id = ANY($1::uuid[])`,
      [userIds],
    );
    return rows[0] ?? { requests: 0, sessions: 0 };
  } finally {
    await client.end();
  }
}
