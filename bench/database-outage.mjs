// Fault: PostgreSQL stops for 20 s under load (issue 13). The production topology
// (startCluster) runs on an embedded PostgreSQL of its own (server/runtime/database.mjs,
// profile "outage"), which this step shuts down and starts again on the same data, while
// visitors keep browsing and calling the API through nginx. Checkout sessions opened before
// the outage are paid on the sandbox while the database is down: their webhooks fail and are
// retried, as Stripe retries them.
// Figures: during the outage, answers ≥ 500 other than a 503 with a message (target 0), no
// answer slower than 10 s (no hang), health saying 503; after PostgreSQL is back, the seconds
// until both instances are ready and a signed-in API call succeeds through nginx (≤ 10), and
// every payment made during the outage confirmed exactly once.
import pg from "pg";
import { performance } from "node:perf_hooks";
import { startCluster } from "../server/runtime/cluster.mjs";
import { restartableEmbedded } from "../server/runtime/database.mjs";
import { setEnv } from "../server/runtime/process-env.mjs";
import { freePort } from "../scripts/lib/free-port.mjs";
import { createScratchDatabase } from "../scripts/lib/scratch-database.mjs";
import { createPatient, signIn, xsrfCookie } from "./patients.mjs";
import { outageAnswers } from "./outage-answers.mjs";
import { heading, table } from "./report.mjs";
import { errorMessage, results, sleep } from "./harness.mjs";
import { APP_PORT, DIST_DIR } from "./settings.mjs";
import { bookingTargets, paymentsSettled, runTraffic, tally, visitor } from "./traffic.mjs";

const OUTAGE_SECONDS = 20;
const RECOVERY_TARGET_SECONDS = 10;
const HANG_MS = 10_000;
const PAYMENTS = 10;

/** @typedef {{ label: string, status: number, ms: number, body: string, retryAfter?: string | null }} HealthProbe What a health check answered during the outage (status 0: nothing). */
/** @typedef {ReturnType<ReturnType<typeof tally>["summary"]>} TrafficSummary */
/**
 * @typedef {object} DatabaseOutageResult
 * @property {number} outageSeconds
 * @property {HealthProbe[]} health
 * @property {number} signedInCallDuringOutage its status (0: no answer)
 * @property {number | null} recoverySeconds
 * @property {number} recoveryTarget
 * @property {Record<Phase, TrafficSummary>} phases
 * @property {Record<Phase, number>} slowAnswers
 * @property {number} outageAnswersJudged
 * @property {number} badOutageAnswers
 * @property {ReturnType<ReturnType<typeof outageAnswers>["summary"]>["samples"]} badOutageSamples
 * @property {Awaited<ReturnType<typeof paymentsSettled>>} payments
 */
/** @typedef {"before" | "outage" | "recovering" | "recovered"} Phase */

export async function databaseOutage() {
  heading(`Fault: PostgreSQL stops for ${OUTAGE_SECONDS} s under load (through nginx, two instances, the worker)`);
  const database = await restartableEmbedded("outage");
  let restoreEnv = () => {};
  /** @type {import("./scratch-cluster.mjs").Cluster | null} */
  let cluster = null;
  /** @type {Awaited<ReturnType<typeof createScratchDatabase>> | null} */
  let scratch = null;
  try {
    scratch = await createScratchDatabase(database.url, "clinic_outage");
    restoreEnv = setEnv({ DATABASE_URL: scratch.url });
    cluster = await startCluster({ port: APP_PORT, appPorts: [await freePort(), await freePort()], distDir: DIST_DIR, quiet: true });
    const patient = await createPatient(scratch.url, { label: "outage", questionnaire: false });
    const session = await signIn(cluster.url, patient, { xsrf: await xsrfCookie(cluster.url), address: "127.0.0.1" });

    // Checkout sessions opened while the database is up, paid while it is down.
    const opened = { nextTarget: bookingTargets(), payments: /** @type {(import("./traffic.mjs").Payment & { url: string })[]} */ ([]) };
    const openSessions = tally();
    for (let i = 0; i < PAYMENTS; i += 1) {
      const v = visitor(cluster.url, openSessions.record);
      await v.csrf();
      const target = opened.nextTarget();
      const email = `outage.${Date.now().toString(36)}.${i}@example.com`;
      const res = await v.post("/api/consultations/pay", { client_name: "Outage Patient", client_email: email, date: target.date, time: target.time, hair_concerns: "", type: "hair-consultation" });
      /** @type {{ sessionId: string, url: string }} the checkout session opened (the answer's shape, checked by the API's tests) */
      const body = JSON.parse(res.text);
      if (res.status !== 200) throw new Error(`POST /api/consultations/pay answered ${res.status}: ${res.text.slice(0, 200)}`);
      opened.payments.push({ sessionId: body.sessionId, url: body.url, email, paid: false });
    }

    // Background load for the whole step: pages, the catalogue API, a signed-in call, health.
    const phases = { before: tally(), outage: tally(), recovering: tally(), recovered: tally() };
    /** @type {Phase} */
    let phase = "before";
    /** @type {Record<Phase, number>} */
    const slow = { before: 0, outage: 0, recovering: 0, recovered: 0 };
    // Every answer ≥ 500 while the database is down is judged (bench/outage-answers.mjs), not a sample of them.
    const outageJudge = outageAnswers();
    /** @type {import("./traffic.mjs").Recorder} */
    const record = (entry) => {
      phases[phase].record(entry);
      if (phase === "outage") outageJudge.record(entry);
      if (entry.ms > HANG_MS) slow[phase] += 1;
    };
    const stopLoad = new AbortController();
    const load = runTraffic({ base: cluster.url, ratePerSecond: 6, durationMs: 10 * 60_000, journeys: ["browse", "api", "cart"], context: {}, record, stop: stopLoad.signal, maxInFlight: 100 });
    const userUrl = `${cluster.url}/api/user`;
    const signedInCall = () =>
      fetch(userUrl, { headers: { authorization: `Bearer ${session.token}` }, signal: AbortSignal.timeout(HANG_MS) }).then(
        (r) => r.status,
        () => 0,
      );
    await sleep(3000);

    phase = "outage";
    const stoppedAt = performance.now();
    await database.stop();
    // Health through nginx and on each instance: how soon it says 503, and what it says.
    /** @type {HealthProbe[]} */
    const health = [];
    /**
     * @param {string} label
     * @param {string} url
     */
    const probe = async (label, url) => {
      const t = performance.now();
      try {
        const r = await fetch(url, { signal: AbortSignal.timeout(HANG_MS) });
        health.push({ label, status: r.status, ms: performance.now() - t, body: (await r.text()).slice(0, 200), retryAfter: r.headers.get("retry-after") });
      } catch (error) {
        health.push({ label, status: 0, ms: performance.now() - t, body: errorMessage(error) });
      }
    };
    await sleep(2000);
    await Promise.all([probe("nginx /api/health", `${cluster.url}/api/health`), ...cluster.instances.map((i) => probe(`${i.name} /api/health/ready`, `${i.url}/api/health/ready`))]);
    const duringSignedIn = await signedInCall();
    // The patients pay on the sandbox's page while our database is down.
    const payer = tally();
    for (const payment of opened.payments) {
      const r = await visitor(cluster.url, payer.record).send("POST", payment.url, { form: { action: "pay", card: "4242424242424242" }, kind: "sandbox: pay" });
      payment.paid = r.status === 303 || r.status === 302;
    }
    await sleep(Math.max(0, OUTAGE_SECONDS * 1000 - (performance.now() - stoppedAt)));

    phase = "recovering";
    await database.start();
    const restartedAt = performance.now();
    // Recovery: both instances ready and a signed-in API call through nginx answering 200.
    let recoverySeconds = null;
    while (performance.now() - restartedAt < 60_000) {
      const ready = await Promise.all(cluster.instances.map((i) => fetch(`${i.url}/api/health/ready`, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false)));
      if (ready.every(Boolean) && (await signedInCall()) === 200) {
        recoverySeconds = +((performance.now() - restartedAt) / 1000).toFixed(2);
        phase = "recovered";
        break;
      }
      await sleep(250);
    }
    await sleep(10_000);
    stopLoad.abort();
    await load;
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    /** @type {Awaited<ReturnType<typeof paymentsSettled>>} */
    let payments;
    try {
      payments = await paymentsSettled(client, opened.payments);
    } finally {
      await client.end();
    }
    const outage = phases.outage.summary();
    const after = phases.recovered.summary();
    const judged = outageJudge.summary();
    results.databaseOutage = {
      outageSeconds: OUTAGE_SECONDS,
      health,
      signedInCallDuringOutage: duringSignedIn,
      recoverySeconds,
      recoveryTarget: RECOVERY_TARGET_SECONDS,
      phases: { before: phases.before.summary(), outage, recovering: phases.recovering.summary(), recovered: after },
      slowAnswers: slow,
      outageAnswersJudged: judged.judged,
      badOutageAnswers: judged.bad,
      badOutageSamples: judged.samples,
      payments,
    };
    console.log(table(["figure", "value"], [
      ...health.map((h) => [`during: ${h.label}`, `${h.status} in ${Math.round(h.ms)} ms${h.retryAfter ? `, Retry-After ${h.retryAfter}` : ""}: ${h.body.replace(/\s+/g, " ").slice(0, 90)}`]),
      ["during: signed-in GET /api/user", duringSignedIn],
      ["during: answers", Object.entries(outage.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ")],
      ["during: answers ≥ 500 that are not a 503 with a message (of all answers ≥ 500)", `${judged.bad} (of ${judged.judged})`],
      ["answers slower than 10 s (before / during / recovering / recovered)", `${slow.before} / ${slow.outage} / ${slow.recovering} / ${slow.recovered}`],
      ["recovery: both ready + signed-in call through nginx (s)", recoverySeconds ?? "not within 60 s"],
      ["recovering: answers", Object.entries(phases.recovering.summary().byStatus).map(([s, n]) => `${s}: ${n}`).join(", ")],
      ["recovered (10 s): answers", Object.entries(after.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ")],
      ["payments made during the outage: paid / confirmed exactly once", `${payments.paid} / ${payments.confirmedExactlyOnce} (converged in ${payments.secondsToConverge} s after recovery)`],
    ]));
    for (const sample of judged.samples) console.log(`  sample: ${sample.kind} ${sample.status} (${sample.reason}) ${sample.body ?? ""}`);
  } finally {
    await cluster?.stop().catch(() => {});
    await scratch?.drop().catch(() => {});
    await database.stop().catch(() => {});
    restoreEnv();
  }
}
