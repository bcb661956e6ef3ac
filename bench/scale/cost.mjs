// Issue 24's cost per patient (`npm run bench -- --scale`): what one completed purchase journey
// costs one production instance, and how many such journeys a minute one instance carries while
// every request in them keeps p99 ≤ 1 s, on the empty clinic, a tenth of the scaled one and the
// scaled one (at --scale-factor 1: empty, 10× and 100× today's tables), so the trend shows.
//
// A journey is what a patient and the pharmacist do over HTTP, nothing through the database:
// a guest browses the minoxidil product page, opens the assessment, answers it step by step and
// submits it, adds the 1-month plan to the cart, checks out, pays on the payment sandbox's hosted
// page and comes back to the return page; the sandbox's signed webhook confirms the payment; the
// pharmacist (signed in with password and authenticator code) finds the order in the queue by
// its reference, opens it, claims it and dispenses it. Each journey is then checked in the
// database: the order is AWAITING_DISPATCH with a `dispensed` event.
//
//   (a) CPU: after a few warm-up journeys, COST_JOURNEYS more one after another; the server
//       process's CPU time (utime + stime from /proc/<pid>/stat, its children's too) and the CPU
//       time of PostgreSQL's client backends on this database (its processes, read after every
//       journey so that a backend closed mid-run still counts up to its last reading) over
//       them, per journey. The trend is judged on the sum (issue 36): a query that grows with
//       the data costs the database, not the app. Without the database's figure (PostgreSQL on
//       another machine) there is no ratio.
//   (b) Throughput: journeys arrive open-loop (a slow answer does not slow the arrivals) at
//       COST_RATES_PER_MINUTE in turn, each for a fixed time; a rate is sustained when every
//       journey started at it ended dispensed, no request failed, and p99 over every request
//       to the app in those journeys (pages, API, the webhook) is ≤ 1 s. The figure is the
//       highest rate sustained: the doubling stops at the first rate that is not, and ¾ of
//       that rate is tried once more. A stage stops its arrivals as soon as it is lost (a
//       request failed, or over 1 % of its expected requests took longer than 1 s).
//
// Each database gets a server of its own (server/serve.mjs on the bench's build and port) and a
// payment sandbox of its own, whose webhooks this module delivers itself so that their latency
// counts with the journey's other requests.
import fs from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { generate } from "otplib";
import { startStripeSandbox } from "../../stripe-sandbox/server.mjs";
import { logSize, results, serverErrors, sleep, spawnTracked, stopChild } from "../harness.mjs";
import { waitForHealth } from "../net.mjs";
import { fixed, heading, table } from "../report.mjs";
import { APP_PORT, BASE, DIST_DIR, HOST, quick, stamp } from "../settings.mjs";
import { visitor } from "../traffic.mjs";
import { COST_CPU_TREND_TARGET, COST_RATE_TREND_TARGET, costTrend } from "./cost-trend.mjs";
import { postgresBackendsCpu, processTreeCpuMs } from "./process-cpu.mjs";
import { startQueueHelper, sweepThroughQueue } from "../retention-queue.mjs";

/** Journeys measured for CPU, one after another, after the warm-up ones. */
const COST_JOURNEYS = quick ? 10 : 40;
const WARMUP_JOURNEYS = quick ? 2 : 5;
/**
 * Arrival rates tried in turn (journeys a minute), each for COST_STAGE_SECONDS. The top is past
 * what one instance can carry here (1,536 a minute is over 5 cores' worth of the CPU a journey
 * costs), so the ramp finds the limit rather than reporting its own ceiling; 384 was the top
 * until every size reached it and the trend compared two floors.
 */
const COST_RATES_PER_MINUTE = [12, 24, 48, 96, 192, 384, 768, 1536];
const COST_STAGE_SECONDS = quick ? 20 : 60;
export const COST_P99_MS = 1000;
/** How long the seeded year's retention catch-up may take before the step gives up (factor 1: a few minutes). */
const RETENTION_CATCH_UP_MS = 20 * 60_000;
export { COST_CPU_TREND_TARGET, COST_RATE_TREND_TARGET } from "./cost-trend.mjs";

const PLAN = "minoxidil-1-month";
const ASSESSMENT = "minoxidil";
// A man's passing path through the minoxidil assessment (tests/fixtures/assessment-answers.json, "minoxidil-men").
/** @type {[number, { choice?: string, text?: string }][]} */
const ANSWERS = [
  [1, { choice: "Male" }],
  [3, { text: "1985-06-15" }],
  [4, { choice: "Gradual thinning on the top or crown of my head, or a receding hairline" }],
  [5, { choice: "No" }],
  [6, { choice: "No" }],
  [7, { choice: "No" }],
  [8, { choice: "I understand" }],
];
const ADDRESS = { name: "Alex Morgan", line1: "10 Market Street", line2: "", city: "Manchester", postcode: "M1 1AE" };
const SANDBOX_KIND = "sandbox:"; // requests to the payment provider's page: not the app's, not in its p99
const webhookAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** @typedef {import("./measure.mjs").ScaleDatabase} ScaleDatabase */
/** @typedef {import("../traffic.mjs").Answer} Answer */
/** @typedef {import("../traffic.mjs").Recorder} Recorder */
/** @typedef {import("../traffic.mjs").Visitor} Visitor */
/** @typedef {{ record: Recorder, settle: (error: Error | null) => void }} WaitingJourney A journey waiting for its checkout's webhook. */
/** @typedef {{ journeys: Map<string, WaitingJourney>, pharmacist: Visitor }} CostContext */
/** @typedef {{ reference: string | null, error?: string }} JourneyOutcome */
/** @typedef {{ reference: string | null, reason: string }} FailedJourney */
/** @typedef {Awaited<ReturnType<typeof runStage>> & { serverErrors?: import("../harness.mjs").ServerError[] }} Stage */
/** @typedef {{ key: string, label: string, factor: number, database: string, counts: import("./seed-scale.mjs").ScaleCounts } & Awaited<ReturnType<typeof costOnDatabase>>} CostSizeResult */
/**
 * @typedef {object} CostResult
 * @property {number} journeys
 * @property {number} warmupJourneys
 * @property {number[]} ratesPerMinute
 * @property {number} stageSeconds
 * @property {number} p99TargetMs
 * @property {{ cpuTrend: number, rateTrend: number }} targets
 * @property {CostSizeResult[]} sizes
 * @property {import("./cost-trend.mjs").CostTrend} [trend]
 */

/**
 * The step, on the empty clinic, a tenth of the scaled one and the scaled one (each database as
 * measure.mjs's prepareScaleDatabase returns it). Fills results.scale.cost and prints its table.
 * @param {{ empty: ScaleDatabase, tenth: ScaleDatabase, scaled: ScaleDatabase }} databases
 */
export async function measureCost({ empty, tenth, scaled }) {
  const sizes = [
    { key: "empty", label: "empty", database: empty },
    { key: "tenth", label: timesToday(tenth.factor), database: tenth },
    { key: "scaled", label: timesToday(scaled.factor), database: scaled },
  ];
  heading(`Cost per purchase journey (issue 24): server and database CPU-ms per journey, journeys/min at p99 ≤ ${COST_P99_MS} ms`);
  /** @type {CostResult} */
  const cost = {
    journeys: COST_JOURNEYS,
    warmupJourneys: WARMUP_JOURNEYS,
    ratesPerMinute: COST_RATES_PER_MINUTE,
    stageSeconds: COST_STAGE_SECONDS,
    p99TargetMs: COST_P99_MS,
    targets: { cpuTrend: COST_CPU_TREND_TARGET, rateTrend: COST_RATE_TREND_TARGET },
    sizes: [],
  };
  /** @type {NonNullable<typeof results.scale>} measureScale set it */ (results.scale).cost = cost;
  for (const { key, label, database } of sizes) {
    const figures = await costOnDatabase(database, label);
    cost.sizes.push({ key, label, factor: database.factor, database: database.scratch.name, counts: database.counts, ...figures });
  }
  cost.trend = costTrend(cost.sizes);
  const { cpuRatio, rateRatio } = cost.trend;
  const [first, last] = /** @type {[CostSizeResult, CostSizeResult]} three sizes */ ([cost.sizes[0], cost.sizes.at(-1)]);
  console.log(
    table(
      ["clinic", "factor", "CPU-ms / journey (judged)", "of which server", "of which database", "journeys ok", "journeys/min at p99 ≤ 1 s", "p99 ms there", "first rate not sustained"],
      cost.sizes.map((s) => [s.label, s.factor, fixed(s.cpu.msPerJourney, 1), fixed(s.cpu.serverMsPerJourney, 1), fixed(s.cpu.databaseMsPerJourney, 1), `${s.cpu.journeys - s.cpu.failed}/${s.cpu.journeys}`, `${s.ramp.capped ? "≥ " : ""}${s.ramp.sustainedPerMinute}`, fixed(s.ramp.sustainedP99Ms), s.ramp.failedAt ? `${s.ramp.failedAt.ratePerMinute}/min: ${s.ramp.failedAt.reason}` : "-"]),
    ),
  );
  console.log(`trend ${last.label} ÷ ${first.label}: CPU per journey, server and database, ${fixed(cpuRatio, 2)} (target ≤ ${COST_CPU_TREND_TARGET}${cost.trend.cpuNote ? `; ${cost.trend.cpuNote}` : ""}), journeys/min ${fixed(rateRatio, 2)} (target ≥ ${COST_RATE_TREND_TARGET})`);
}

/** Factor 1 is 100× the clinic of today (issue 24): a factor as a multiple of today's tables. */
const timesToday = (/** @type {number} */ factor) => `${+(factor * 100).toPrecision(3)}×`;

/**
 * One database: its own sandbox and server, the CPU run, then the ramp; both stopped after.
 * @param {ScaleDatabase} database
 * @param {string} label
 */
async function costOnDatabase(database, label) {
  /** @type {Map<string, WaitingJourney>} */
  const journeys = new Map(); // checkout session id → the journey waiting for its webhook
  /** @type {Answer[]} */
  const stray = []; // webhook answers for sessions no journey waits for (none expected)
  const sandbox = await startStripeSandbox({
    host: HOST,
    port: 0,
    webhookSecret: /** @type {string} prepare's applyLocalSecrets set it */ (process.env.STRIPE_WEBHOOK_SECRET),
    deliver: (delivery) => deliverWebhook(delivery, journeys, stray),
    log: () => {},
  });
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, APP_DATABASE_URL: database.appDatabaseUrl, NEXT_DIST_DIR: DIST_DIR, SITE_URL: BASE, STRIPE_SANDBOX_URL: sandbox.url, TRUST_PROXY: "true" };
  delete env.DATABASE_URL;
  // The server's whole log is kept, so a failed answer in the ramp can be explained (serverErrors).
  fs.mkdirSync("bench-results", { recursive: true });
  const logFile = `bench-results/bench-${stamp}-cost-${database.label.replace(/[^a-z0-9]+/gi, "-")}.log`;
  const server = spawnTracked(`serve.mjs (cost, ${database.label})`, ["server/serve.mjs", "--port", String(APP_PORT), "--hostname", HOST], { env, logFile });
  const client = new pg.Client({ connectionString: database.scratch.url });
  try {
    await client.connect();
    await waitForHealth(`${BASE}/api/health`, { timeoutMs: 60_000, child: server });
    const retention = await catchUpRetention(database, client, server);
    console.log(`  ${label}: retention caught up before timing: ${retention.rowsDeleted} rows deleted in ${retention.runs} run(s), ${fixed(retention.seconds, 0)} s`);
    const pharmacist = await signInPharmacist(database.accounts.pharmacist);
    const context = { journeys, pharmacist };

    for (let i = 0; i < WARMUP_JOURNEYS; i += 1) await journey(context, () => {});
    const cpu = await cpuPerJourney(context, /** @type {number} a spawned process's */ (server.pid), client, database.scratch.name);
    console.log(`  ${label}: ${fixed(cpu.serverMsPerJourney, 1)} server and ${cpu.databaseMsPerJourney === null ? "unreadable" : fixed(cpu.databaseMsPerJourney, 1)} database CPU-ms per journey over ${cpu.journeys} (${cpu.failed} failed; ${cpu.databaseBackends} backends)`);
    const ramp = await rampRate({ ...context, requestsPerJourney: cpu.appRequestsPerJourney, server }, client, label);
    return { retention, cpu, ramp, strayWebhooks: stray.length, serverLog: logFile };
  } finally {
    await client.end().catch(() => {});
    await stopChild(server);
    await sandbox.close().catch(() => {});
  }
}

/**
 * The server's in-process worker runs retention.sweep hourly (at seven past). On a seeded year
 * its first run deletes what a real clinic's hourly sweeps would long since have deleted
 * (expired rate-limit windows, delivered outbox rows past their 90 days): minutes of batched
 * deletes, which would otherwise land on whichever size's timing the hour fell in. So the
 * sweep is queued as the app queues it and waited for, with its continuations, before any
 * journey; the hourly sweeps after it find only what the journeys themselves leave.
 * @param {ScaleDatabase} database
 * @param {pg.Client} client
 * @param {import("../harness.mjs").TrackedChild} server
 */
async function catchUpRetention(database, client, server) {
  const started = performance.now();
  const queue = startQueueHelper(database.scratch.url);
  try {
    const serverAlive = () => {
      if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the cost step's server exited (${server.exitCode ?? server.signalCode}) while retention caught up`);
    };
    const { runs, deleted } = await sweepThroughQueue(client, queue, serverAlive, RETENTION_CATCH_UP_MS);
    const rowsDeleted = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    return { runs, rowsDeleted, deleted, seconds: +((performance.now() - started) / 1000).toFixed(1) };
  } finally {
    await queue.close();
  }
}

/**
 * (a) COST_JOURNEYS journeys one after another; the server's and the database's CPU time over them, per journey.
 * @param {CostContext} context
 * @param {number} pid the server's
 * @param {pg.Client} client
 * @param {string} databaseName
 */
async function cpuPerJourney(context, pid, client, databaseName) {
  const backends = await postgresBackendsCpu(client, databaseName);
  const before = processTreeCpuMs(pid);
  const started = performance.now();
  /** @type {JourneyOutcome[]} */
  const outcomes = [];
  let requests = 0;
  const count = (/** @type {Answer} */ entry) => (requests += entry.kind.startsWith(SANDBOX_KIND) ? 0 : 1);
  for (let i = 0; i < COST_JOURNEYS; i += 1) {
    outcomes.push(await journey(context, count));
    await backends.read();
  }
  const serverMs = processTreeCpuMs(pid) - before;
  const wallSeconds = (performance.now() - started) / 1000;
  const databaseMs = backends.usedMs();
  const failed = await failedJourneys(client, outcomes);
  const serverMsPerJourney = +(serverMs / COST_JOURNEYS).toFixed(1);
  const databaseMsPerJourney = databaseMs === null ? null : +(databaseMs / COST_JOURNEYS).toFixed(1);
  return {
    journeys: COST_JOURNEYS,
    failed: failed.length,
    failures: failed.slice(0, 5),
    serverCpuMs: +serverMs.toFixed(0),
    databaseCpuMs: databaseMs === null ? null : +databaseMs.toFixed(0),
    databaseBackends: backends.count(),
    // Judged (bench/scale/cost-trend.mjs): the server's and the database's together.
    msPerJourney: databaseMsPerJourney === null ? null : +(serverMsPerJourney + databaseMsPerJourney).toFixed(1),
    serverMsPerJourney,
    databaseMsPerJourney,
    wallSecondsPerJourney: +(wallSeconds / COST_JOURNEYS).toFixed(2),
    appRequestsPerJourney: +(requests / COST_JOURNEYS).toFixed(1),
  };
}

/**
 * (b) The open-loop ramp: each rate for COST_STAGE_SECONDS until one is not sustained.
 * @param {CostContext & { requestsPerJourney: number, server: import("../harness.mjs").TrackedChild }} context
 * @param {pg.Client} client
 * @param {string} label
 */
async function rampRate(context, client, label) {
  /** @type {Stage[]} */
  const stages = [];
  const run = async (/** @type {number} */ ratePerMinute) => {
    const logFrom = logSize(context.server);
    const stage = /** @type {Stage} */ (await runStage(context, client, ratePerMinute));
    // What the server logged as an error during the stage (kind and where; never request data).
    stage.serverErrors = serverErrors(context.server, logFrom);
    stages.push(stage);
    console.log(`  ${label}: ${ratePerMinute} journeys/min: ${stage.journeys} journeys, ${stage.requests} requests, p99 ${fixed(stage.p99Ms)} ms, ${stage.failedJourneys} failed, ${stage.failedRequests} requests failed${stage.sustained ? "" : ` — not sustained (${stage.reason})`}`);
    for (const error of stage.serverErrors) console.log(`    server logged ${error.count} × ${error.message}${error.at ? ` at ${error.at.join(" < ")}` : ""}`);
    return stage;
  };
  /** @type {{ ratePerMinute: number, reason: string | null } | null} */
  let failedAt = null;
  for (const ratePerMinute of COST_RATES_PER_MINUTE) {
    const stage = await run(ratePerMinute);
    if (!stage.sustained) {
      failedAt = { ratePerMinute, reason: stage.reason };
      break;
    }
  }
  // Doubling alone would make every trend ratio 0.5, 1 or 2: one more stage between the last
  // rate sustained and the first not (¾ of it) halves the step where the answer lies.
  if (failedAt && failedAt.ratePerMinute > /** @type {number} */ (COST_RATES_PER_MINUTE[0])) await run(failedAt.ratePerMinute * 0.75);
  const best = stages.filter((s) => s.sustained).sort((a, b) => a.ratePerMinute - b.ratePerMinute).at(-1);
  return { sustainedPerMinute: best?.ratePerMinute ?? 0, sustainedP99Ms: best?.p99Ms ?? null, capped: !failedAt, failedAt, stages };
}

/**
 * @param {CostContext & { requestsPerJourney: number }} context
 * @param {pg.Client} client
 * @param {number} ratePerMinute
 */
async function runStage(context, client, ratePerMinute) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<string, number[]>} */
  const byKind = new Map(); // which requests make the tail, for whoever reads the JSON
  /** @type {Answer[]} */
  const failures = [];
  let slow = 0;
  /** @type {Recorder} */
  const record = (entry) => {
    if (entry.kind.startsWith(SANDBOX_KIND)) return;
    latencies.push(entry.ms);
    if (!byKind.has(entry.kind)) byKind.set(entry.kind, []);
    /** @type {number[]} set above */ (byKind.get(entry.kind)).push(entry.ms);
    if (entry.ms > COST_P99_MS) slow += 1;
    if (entry.status === 0 || entry.status >= 400) failures.push(entry);
  };
  // Open loop: the n-th journey starts at n × the interval, however the earlier ones fare.
  const interval = 60_000 / ratePerMinute;
  const count = Math.max(1, Math.round((ratePerMinute * COST_STAGE_SECONDS) / 60));
  // Once more than 1 % of the stage's expected requests took over the limit, or one failed, the
  // rate is lost whatever follows: no more arrivals, so an overloaded server is not buried for
  // minutes under journeys whose figures cannot change the answer.
  const lostAfter = Math.floor(0.01 * count * context.requestsPerJourney) + 1;
  const lost = () => failures.length > 0 || slow > lostAfter;
  const started = performance.now();
  /** @type {Promise<JourneyOutcome>[]} */
  const running = [];
  for (let n = 0; n < count && !lost(); n += 1) {
    const wait = started + n * interval - performance.now();
    if (wait > 0) await sleep(wait);
    if (lost()) break;
    running.push(journey(context, record));
  }
  const outcomes = await Promise.all(running);
  const failed = await failedJourneys(client, outcomes);
  const p99Ms = percentile(latencies, 0.99);
  const stopped = outcomes.length < count ? ` (arrivals stopped after ${outcomes.length} of ${count})` : "";
  const reason =
    failed.length > 0
      ? `${failed.length} journeys failed, first: ${/** @type {FailedJourney} */ (failed[0]).reason}`
      : failures.length > 0
        ? `${failures.length} requests failed, first: ${/** @type {Answer} */ (failures[0]).kind} ${/** @type {Answer} */ (failures[0]).status || /** @type {Answer} */ (failures[0]).error}${stopped}`
        : stopped || /** @type {number} null (no request) compares false */ (p99Ms) > COST_P99_MS
          ? `${slow} requests over ${COST_P99_MS} ms, p99 ${fixed(p99Ms)} ms${stopped}`
          : null;
  return {
    ratePerMinute,
    journeys: outcomes.length,
    journeysPlanned: count,
    requests: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms,
    maxMs: percentile(latencies, 1),
    failedJourneys: failed.length,
    failedRequests: failures.length,
    sustained: reason === null && outcomes.length > 0,
    reason: outcomes.length === 0 ? "no journey started" : reason,
    failureSamples: failed.slice(0, 3),
    slowestKinds: [...byKind]
      .map(([kind, list]) => ({ kind, count: list.length, p99Ms: /** @type {number} a kind has latencies */ (percentile(list, 0.99)) }))
      .sort((a, b) => b.p99Ms - a.p99Ms)
      .slice(0, 5),
  };
}

/**
 * One purchase journey; every answer to `record`. Resolves { reference } when it got as far as
 * the dispense, or { error } at the first unexpected answer (never rejects).
 * @param {CostContext} context
 * @param {Recorder} record
 * @returns {Promise<JourneyOutcome>}
 */
async function journey({ journeys, pharmacist }, record) {
  const v = visitor(BASE, record);
  /**
   * @param {Promise<import("../traffic.mjs").VisitorResponse>} promise
   * @param {number | number[]} status
   * @param {string} what
   */
  const expect = async (promise, status, what) => {
    const res = await promise;
    const ok = Array.isArray(status) ? status.includes(res.status) : res.status === status;
    if (!ok) throw new Error(`${what} answered ${res.status || res.error}${res.text ? `: ${res.text.slice(0, 160)}` : ""}`);
    return res;
  };
  /** @type {string | null} */
  let reference = null;
  try {
    await expect(page(v, "/product/minoxidil-5-men", "/product/[slug]"), 200, "the product page");
    await expect(page(v, `/${ASSESSMENT}/quiz/1`, "/[treatment]/quiz/[step]"), 200, "the assessment's first step");
    await expect(v.send("GET", "/sanctum/csrf-cookie", { kind: "GET /sanctum/csrf-cookie" }), [200, 204], "GET /sanctum/csrf-cookie");
    await expect(v.get(`/api/assessments/${ASSESSMENT}`, { kind: "GET /api/assessments/[type]" }), 200, "the open attempt");
    const attempt = crypto.randomUUID();
    for (const [step, answer] of ANSWERS) {
      const body = { definition: ASSESSMENT, choice: answer.choice ?? null, text: answer.text ?? "" };
      await expect(v.send("PUT", `/api/questionnaires/${attempt}/steps/${step}`, { body, kind: "PUT /api/questionnaires/[id]/steps/[step]" }), 200, `assessment step ${step}`);
    }
    await expect(v.send("POST", `/api/questionnaires/${attempt}/submit`, { body: {}, kind: "POST /api/questionnaires/[id]/submit" }), 200, "the assessment's submit");
    await expect(page(v, `/${ASSESSMENT}/results`, "/[treatment]/results"), 200, "the results page");
    await expect(v.send("POST", "/api/cart", { body: { plan_id: PLAN, assessment_id: attempt }, kind: "POST /api/cart" }), 201, "adding the plan");
    await expect(page(v, "/cart", "/cart"), 200, "the cart page");
    const email = `cost.${attempt.slice(0, 8)}@example.com`;
    const checkout = await expect(v.send("POST", "/api/checkout", { body: { delivery_option: "standard", address: ADDRESS, email }, kind: "POST /api/checkout" }), 200, "checkout");
    /** @type {{ url: string, sessionId: string }} the checkout's answer */
    const { url, sessionId } = JSON.parse(checkout.text);
    reference = JSON.parse(checkout.text).reference;
    const confirmed = webhookFor(journeys, sessionId, record);
    confirmed.catch(() => {}); // awaited below; a journey that fails before then leaves it unheard
    await expect(v.get(url, { kind: `${SANDBOX_KIND} checkout page` }), 200, "the sandbox's checkout page");
    const form = { action: "pay", card: "4242424242424242", ship_name: ADDRESS.name, ship_line1: ADDRESS.line1, ship_city: ADDRESS.city, ship_postcode: ADDRESS.postcode };
    const paid = await expect(v.send("POST", url, { form, kind: `${SANDBOX_KIND} pay` }), [302, 303], "paying on the sandbox");
    await expect(page(v, /** @type {string} a redirect's */ (paid.headers.location), "/checkout/success"), 200, "the return page");
    await confirmed;
    await pharmacistDispenses(pharmacist, /** @type {string} the checkout's */ (reference), record);
    return { reference };
  } catch (error) {
    return { reference, error: /** @type {Error} */ (error).message };
  }
}

/**
 * The pharmacist's part: the queue narrowed to the reference, the order, claim, dispense.
 * @param {Visitor} pharmacist
 * @param {string} reference
 * @param {Recorder} record
 */
async function pharmacistDispenses(pharmacist, reference, record) {
  const send = (/** @type {string} */ method, /** @type {string} */ path, /** @type {string} */ kind) => pharmacist.send(method, path, { kind, record, headers: kind.startsWith("page") ? { accept: "text/html" } : {}, ...(method === "POST" ? { body: {} } : {}) });
  const queue = await send("GET", `/staff/orders?reference=${encodeURIComponent(reference)}`, "page /staff/orders?reference=");
  const id = queue.status === 200 ? /href="\/staff\/orders\/([0-9a-f-]{36})"/.exec(queue.text)?.[1] : null;
  if (!id) throw new Error(`the pharmacist's queue (${queue.status}) did not list ${reference}`);
  const order = await send("GET", `/staff/orders/${id}`, "page /staff/orders/[id]");
  if (order.status !== 200) throw new Error(`the order page answered ${order.status}`);
  const claim = await send("POST", `/api/staff/orders/${id}/claim`, "POST /api/staff/orders/[id]/claim");
  if (claim.status !== 200) throw new Error(`the claim answered ${claim.status}: ${claim.text.slice(0, 160)}`);
  const dispense = await send("POST", `/api/staff/orders/${id}/dispense`, "POST /api/staff/orders/[id]/dispense");
  if (dispense.status !== 200) throw new Error(`the dispense answered ${dispense.status}: ${dispense.text.slice(0, 160)}`);
}

/**
 * The pharmacist's session, signed in as the browser does (password, then the authenticator's
 * code), from one client address; its requests report to the journey that makes them.
 * @param {import("./measure.mjs").Account} account
 */
async function signInPharmacist(account) {
  const v = visitor(BASE, () => {});
  await v.csrf();
  for (let attempt = 0; ; attempt += 1) {
    const first = await v.post("/api/login", { email: account.email, password: account.password });
    const challenge = first.status === 200 ? JSON.parse(first.text).challenge : null;
    if (!challenge) throw new Error(`the pharmacist's POST /api/login answered ${first.status} without a second-factor challenge`);
    const code = await generate({ secret: /** @type {string} staff have one */ (account.totpSecret), epoch: Math.floor(Date.now() / 1000) });
    const second = await v.post("/api/login/second-factor", { challenge, code });
    if (second.status === 200) break;
    // A code is used once: the scale step may have signed this account in within the same 30 s.
    if (attempt >= 1) throw new Error(`the pharmacist's second factor answered ${second.status}: ${second.text.slice(0, 160)}`);
    await sleep(31_000 - (Date.now() % 30_000));
  }
  return v;
}

/**
 * A page as the browser asks for it (the visitor asks for JSON unless told).
 * @param {Visitor} v
 * @param {string} path
 * @param {string} pattern
 */
function page(v, path, pattern) {
  return v.send("GET", path, { kind: `page ${pattern}`, headers: { accept: "text/html" } });
}

/**
 * A promise for `sessionId`'s checkout.session.completed delivery; its answer goes to `record`.
 * @param {Map<string, WaitingJourney>} journeys
 * @param {string} sessionId
 * @param {Recorder} record
 */
function webhookFor(journeys, sessionId, record) {
  /** @type {{ resolve: () => void, reject: (error: Error) => void }} */
  let settle;
  /** @type {Promise<void>} */
  const promise = new Promise((resolve, reject) => (settle = { resolve, reject }));
  const timer = setTimeout(() => settle.reject(new Error(`no webhook for ${sessionId} within 60 s`)), 60_000);
  journeys.set(sessionId, { record, settle: (error) => (clearTimeout(timer), error ? settle.reject(error) : settle.resolve()) });
  return promise;
}

/**
 * The sandbox's delivery: POST to the app's webhook endpoint, timed, reported to the session's journey.
 * @param {import("../../stripe-sandbox/server.mjs").SandboxDelivery} delivery
 * @param {Map<string, WaitingJourney>} journeys
 * @param {Answer[]} stray
 */
async function deliverWebhook({ payload, signature, event }, journeys, stray) {
  const sessionId = event.data?.object?.object === "checkout.session" ? event.data.object.id : null;
  const waiting = sessionId ? journeys.get(sessionId) : null;
  const started = performance.now();
  /** @type {number} */
  const status = await new Promise((resolve) => {
    const req = http.request(`${BASE}/api/webhooks/stripe`, { method: "POST", agent: webhookAgent, timeout: 30_000, headers: { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(payload), "stripe-signature": signature } }, (res) => {
      res.resume();
      res.on("end", () => resolve(/** @type {number} an answer's */ (res.statusCode)));
      res.on("error", () => resolve(0));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end(payload);
  });
  const entry = { kind: "POST /api/webhooks/stripe", method: "POST", path: "/api/webhooks/stripe", status, ms: performance.now() - started };
  if (waiting) {
    waiting.record(entry);
    if (event.type === "checkout.session.completed") waiting.settle(status >= 200 && status < 300 ? null : new Error(`the webhook answered ${status}`));
  } else stray.push(entry);
  return { status };
}

/**
 * The journeys that did not end dispensed: their own error, or what the database says.
 * @param {pg.Client} client
 * @param {JourneyOutcome[]} outcomes
 */
async function failedJourneys(client, outcomes) {
  const references = outcomes.filter((o) => !o.error).map((o) => o.reference);
  /** @type {pg.QueryResult<{ reference: string, status: string, dispensed: boolean }>} */
  const { rows } = await client.query(
    `SELECT o.reference, o.status, EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'dispensed') AS dispensed
     FROM orders o WHERE o.reference = ANY($1::text[])`,
    [references],
  );
  const byReference = new Map(rows.map((row) => [row.reference, row]));
  /** @type {FailedJourney[]} */
  const failed = [];
  for (const outcome of outcomes) {
    const row = byReference.get(/** @type {string} null finds none */ (outcome.reference));
    if (outcome.error) failed.push({ reference: outcome.reference, reason: outcome.error });
    else if (!row || row.status !== "AWAITING_DISPATCH" || !row.dispensed) failed.push({ reference: outcome.reference, reason: `in the database: ${row ? `${row.status}, dispensed event ${row.dispensed}` : "no such order"}` });
  }
  return failed;
}

/**
 * @param {number[]} list
 * @param {number} q
 */
function percentile(list, q) {
  if (!list.length) return null;
  const sorted = [...list].sort((a, b) => a - b);
  return +(/** @type {number} list is not empty */ (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))])).toFixed(1);
}
