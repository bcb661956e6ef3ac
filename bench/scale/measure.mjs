// Issue 24's figures (`npm run bench -- --scale`): each page and API a busy clinic leans on,
// its p99 with a year of data (bench/scale/seed-scale.mjs at --scale-factor, 1 = 100,000
// patients, 1,000,000 orders, 5,000,000 audit events …) over its p99 on an empty clinic,
// in the same run, on the same build and database server. Target: scaled ÷ empty ≤ 1.5.
//
// Two scratch databases, each migrated and seeded like the bench's own, then given the scale
// seed: the empty one at EMPTY_FACTOR (a clinic's first weeks: 250 patients, 2,500 orders, 500
// prescription requests, 12,500 audit events — the fewest in which the busy patient has their
// whole 500 orders and 50 requests, and EMPTY_QUEUE_FLOOR cases wait in each staff list, so
// both sides render the same pages and the ratio is the tables' size alone), the scaled one
// at the factor. Both get the
// same accounts from the tests' factories (the busy patient, a prescriber, a pharmacist and an
// administrator, each member of staff with an authenticator) and 20 sign-in patients. The
// production server (server/serve.mjs on the bench's build) runs on both at once: the empty
// clinic's on the bench's port, the scaled one's on the port two above (SITE_URL, baked into
// the build, names the bench's port; nothing here sends an Origin, and the same-origin check
// compares an Origin with the request's own Host, so the second port answers alike). Staff
// sign in over HTTP as the browser tests do (password, then the TOTP code), the patient with
// a password. Every figure is autocannon at 10 connections, in six turns per target (empty,
// scaled, empty, scaled, empty, scaled: a 2-core machine's drift then falls on both sides), each
// with the same warm-up and duration; a side's figure is the median p99 of its three turns
// (bench/turns.mjs: one noisy turn can neither fail nor pass a ratio), and every turn is kept
// in the JSON. A page must answer 200 throughout (a redirect to sign-in or an
// error is reported, not timed). The queues are also measured a page deep (bench/scale/
// deep-pages.mjs: a full page, as deep as the empty clinic's list allows), and the paid-invoice webhook last, as it adds orders
// (bench/scale/invoice-webhooks.mjs: each event a distinct renewal invoice, each checked to
// have made exactly one order).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { generate } from "otplib";
import pg from "pg";
import { seed } from "../../prisma/seed.mjs";
import { prepareAppLogin } from "../../server/runtime/app-role.mjs";
import { applyMigrations } from "../../server/runtime/schema-engine.mjs";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.mjs";
import { children, databaseServer, errorMessage, logSize, results, serverErrors, spawnTracked, stepError, stopChild } from "../harness.mjs";
import { assertPortFree, waitForHealth } from "../net.mjs";
import { cookieHeader, createPatients, patientAddress, request, signIn, xsrfCookie } from "../patients.mjs";
import { fixed, heading, table } from "../report.mjs";
import { APP_PORT, BASE, DIST_DIR, HOST, LOAD, SCALE_FACTOR, SCALE_TARGET_KEYS, SKIP_COST, stamp } from "../settings.mjs";
import { deepPage } from "./deep-pages.mjs";
import { checkWebhookOrders, invoicePool, loadWebhooks, prepareWebhookSubscriptions, startScaleSandbox } from "./invoice-webhooks.mjs";
import { measureCost } from "./cost.mjs";
import { postgresBackendsCpu, processTreeCpuMs } from "./process-cpu.mjs";
import { alternatingTurns, median, medianRatio } from "../turns.mjs";

const SCALE_CONNECTIONS = 10;
export const SCALE_TARGET = 1.5;
const LOGIN_ACCOUNTS = 20;
const EMPTY_FACTOR = 0.0025;
/**
 * Cases waiting in each of the empty clinic's staff lists (prescription requests; orders, a tenth
 * of them prescription-only), up to half of its 500 requests and 2,500 orders (seed-scale.mjs):
 * five pages of requests (50 a page) and three of prescription-only orders, so its queue pages
 * are as full as the scaled clinic's and a page deep is there to compare: the ratio measures the
 * tables' size, not 150 rows rendered against 25 or page 6 against page 2.
 */
const EMPTY_QUEUE_FLOOR = 250;
/** The scaled clinic's server: two above the bench's port (one above is the start-up step's). */
const SCALED_PORT = APP_PORT + 2;
/** The turns of each target, in order: empty, scaled, … (TURNS_PER_SIDE each). */
const TURNS = alternatingTurns(/** @type {const} */ ("empty"), /** @type {const} */ ("scaled"));

/** @typedef {"busy" | "prescriber" | "pharmacist" | "admin"} Role */
/** @typedef {{ id: string, email: string, password: string, totpSecret?: string | null }} Account An account the scale seed made (staff sign in with a second factor). */
/** @typedef {{ requestId: string, orderId: string }} BusyIds The busy patient's newest request and paid order. */
/**
 * @typedef {object} ScaleTarget A page or API measured on both clinics.
 * @property {string} key
 * @property {string} label
 * @property {Role} [as] whose session asks
 * @property {(ids: BusyIds) => string} [path]
 * @property {{ from: string, link: string }} [deep] the page `link`'s "next" links lead to from `from`
 * @property {boolean} [bearer] the API with the bearer token (else the page with the session cookie)
 * @property {boolean} [login]
 * @property {boolean} [webhook]
 */
/** @typedef {{ serverMsPerRequest: number | null, databaseMsPerRequest: number | null }} TurnCpu The CPU one measured turn cost a side, per request. */
/** @typedef {(run: () => Promise<import("autocannon").Result>) => Promise<{ result: import("autocannon").Result, cpu: TurnCpu }>} Meter */
/** @typedef {{ path: string, requestsPerSecond: number, requests: number, latencyP50Ms: number, latencyP99Ms: number, non2xx: number, errors: number, firstStatus?: number, cpu?: TurnCpu, serverErrors?: import("../harness.mjs").ServerError[] }} Turn One turn's figures on one side. */
/** @typedef {ReturnType<typeof combineTurns>} SideFigure */
/**
 * @typedef {object} MeasuredFigure
 * @property {string} key
 * @property {string} label
 * @property {SideFigure} empty
 * @property {SideFigure} scaled
 * @property {number | null} ratio
 * @property {number | null} cpuRatio for information: the server's and the database's CPU-ms per request, scaled ÷ empty (medians of the turns)
 * @property {{ empty: number, scaled: number }} [pagesFollowed]
 * @property {{ empty: WebhookOrders, scaled: WebhookOrders }} [orders]
 * @property {"PASS" | "FAIL"} status
 * @property {undefined} [error]
 */
/** @typedef {Awaited<ReturnType<typeof checkWebhookOrders>>} WebhookOrders */
/** @typedef {{ key: string, label: string, error: string, status: "ERROR" } & { [K in Exclude<keyof MeasuredFigure, "key" | "label" | "error" | "status">]?: undefined }} FailedFigure A target that could not be measured. */
/**
 * @typedef {object} ScaleResult
 * @property {number} factor
 * @property {number} connections
 * @property {number} target
 * @property {number} warmupSeconds
 * @property {number} durationSeconds
 * @property {("empty" | "scaled")[]} turns
 * @property {Record<string, { name: string, factor: number, counts: import("./seed-scale.mjs").ScaleCounts, seedSeconds: number }>} databases
 * @property {(MeasuredFigure | FailedFigure)[]} figures
 * @property {import("./cost.mjs").CostResult} [cost]
 */
/** @typedef {Awaited<ReturnType<typeof prepareScaleDatabase>>} ScaleDatabase */
/**
 * @typedef {object} Side One clinic's server and what the step keeps of it.
 * @property {string} label
 * @property {ScaleDatabase} database
 * @property {string} base
 * @property {import("../harness.mjs").TrackedChild} server
 * @property {Partial<Record<Role, import("../patients.mjs").Session>>} sessions
 * @property {Record<string, { path: string, depth: number }>} deep each deep target's page
 * @property {{ pool: import("./invoice-webhooks.mjs").InvoicePool, sent: string[], answered: string[] } | null} webhook
 * @property {string} [xsrf]
 * @property {pg.Client} [cpuClient] reads its database's backends (metered)
 */

/**
 * What is measured, in this order. `as`: whose session (cookie for pages, bearer token for
 * the API); `path(ids)`: the URL with the database's own ids; `deep`: the URL is found by
 * following the first page's "next" link whose href starts with `link` as often as the empty
 * clinic's list allows, DEEP_PAGES times at most, the same number on both sides.
 * The prescriber's orders list ("Orders to prescribe", its own pager) may be empty on the
 * empty clinic: its page answers 200 all the same.
 */
/** @type {ScaleTarget[]} */
const SCALE_TARGETS = [
  { key: "prescriberQueue", label: "prescriber's queue /staff/prescriptions (first page)", as: "prescriber", path: () => "/staff/prescriptions" },
  { key: "prescriberQueueDeep", label: "prescriber's queue, a page deep (?after=…)", as: "prescriber", deep: { from: "/staff/prescriptions", link: "/staff/prescriptions?after=" } },
  { key: "pharmacistQueue", label: "pharmacist's queue /staff/orders (first page)", as: "pharmacist", path: () => "/staff/orders" },
  { key: "pharmacistQueueDeep", label: "pharmacist's queue, a page deep (?review=…)", as: "pharmacist", deep: { from: "/staff/orders", link: "/staff/orders?review=" } },
  { key: "ordersToPrescribe", label: "prescriber's orders to prescribe /staff/orders (first page)", as: "prescriber", path: () => "/staff/orders" },
  { key: "ordersToPrescribeDeep", label: "prescriber's orders to prescribe, a page deep (?prescribe=…)", as: "prescriber", deep: { from: "/staff/orders", link: "/staff/orders?prescribe=" } },
  { key: "case", label: "case page /staff/prescriptions/{id}", as: "prescriber", path: (ids) => `/staff/prescriptions/${ids.requestId}` },
  { key: "order", label: "order page /staff/orders/{id}", as: "pharmacist", path: (ids) => `/staff/orders/${ids.orderId}` },
  { key: "audit", label: "audit log /staff/audit (first page)", as: "admin", path: () => "/staff/audit" },
  { key: "auditSubject", label: "audit log /staff/audit?subject={busy patient's request}", as: "admin", path: (ids) => `/staff/audit?subject=${ids.requestId}` },
  { key: "dashboard", label: "busy patient's /dashboard", as: "busy", path: () => "/dashboard" },
  { key: "orders", label: "busy patient's /dashboard/orders", as: "busy", path: () => "/dashboard/orders" },
  { key: "subscriptions", label: "busy patient's /dashboard/subscriptions", as: "busy", path: () => "/dashboard/subscriptions" },
  { key: "userSubscriptions", label: "GET /api/user-subscriptions (bearer)", as: "busy", bearer: true, path: () => "/api/user-subscriptions" },
  { key: "user", label: "GET /api/user (bearer)", as: "busy", bearer: true, path: () => "/api/user" },
  { key: "login", label: `POST /api/login (${LOGIN_ACCOUNTS} accounts, an address per request)`, login: true, path: () => "/api/login" },
  { key: "invoiceWebhook", label: "POST /api/webhooks/stripe invoice.paid → its renewal order (a distinct invoice each)", webhook: true, path: () => "/api/webhooks/stripe" },
];

/** The step: both databases, both servers at once, each target in alternating turns, the ratios into results.scale. */
export async function measureScale() {
  heading(`Data at scale (issue 24): p99 at ${SCALE_CONNECTIONS} connections, a year of data (factor ${SCALE_FACTOR}) ÷ an empty clinic`);
  // The bench's own server holds the port; the scale step starts its own on each database.
  for (const child of [...children]) await stopChild(child);
  /** @type {ScaleResult} */
  const scale = { factor: SCALE_FACTOR, connections: SCALE_CONNECTIONS, target: SCALE_TARGET, warmupSeconds: LOAD.warmup, durationSeconds: LOAD.duration, turns: TURNS, databases: {}, figures: [] };
  results.scale = scale;
  /** @type {ScaleDatabase[]} */
  const databases = [];
  /** @type {import("./invoice-webhooks.mjs").ScaleSandbox | null} */
  let sandbox = null;
  /** @type {{ empty: Side, scaled: Side } | null} */
  let sides = null;
  try {
    const unknown = (SCALE_TARGET_KEYS ?? []).filter((key) => !SCALE_TARGETS.some((t) => t.key === key));
    if (unknown.length) throw new Error(`--scale-targets: no target ${unknown.join(", ")} (known: ${SCALE_TARGETS.map((t) => t.key).join(", ")})`);
    if (SCALE_FACTOR <= EMPTY_FACTOR) throw new Error(`--scale-factor must be above the empty clinic's ${EMPTY_FACTOR}`);
    await assertPortFree(SCALED_PORT);
    for (const [label, factor] of /** @type {const} */ ([["empty", EMPTY_FACTOR], ["scaled", SCALE_FACTOR]])) {
      const prepared = await prepareScaleDatabase(label, factor, { queueFloor: label === "empty" ? EMPTY_QUEUE_FLOOR : 0 });
      databases.push(prepared);
      scale.databases[label] = { name: prepared.scratch.name, factor, counts: prepared.counts, seedSeconds: prepared.seedSeconds };
      console.log(`${label}: ${prepared.scratch.name}, seeded at factor ${factor} in ${prepared.seedSeconds} s (${prepared.counts.patients} patients, ${prepared.counts.orders} orders, ${prepared.counts.requests} requests, ${prepared.counts.audit} audit events)`);
    }
    const [emptyDatabase, scaledDatabase] = databases;
    if (!emptyDatabase || !scaledDatabase) throw new Error("the empty and the scaled clinic were not both prepared");
    sandbox = await startScaleSandbox();
    sides = { empty: startServer(emptyDatabase, APP_PORT, sandbox.url), scaled: startServer(scaledDatabase, SCALED_PORT, sandbox.url) };
    await readySide(sides.empty);
    await readySide(sides.scaled, sides.empty.deep);
    for (const target of SCALE_TARGETS.filter((t) => !SCALE_TARGET_KEYS || SCALE_TARGET_KEYS.includes(t.key))) {
      // A target that cannot be measured (its setup failed) is an ERROR row; the others still run.
      try {
        scale.figures.push(await measureTarget(target, sides, sandbox));
      } catch (error) {
        console.error(`  ${target.label}: not measured: ${errorMessage(error)}`);
        scale.figures.push({ key: target.key, label: target.label, error: errorMessage(error), status: "ERROR" });
      }
    }
    console.log(
      table(
        ["figure", "empty p99 ms", "scaled p99 ms", "scaled ÷ empty", "CPU-ms/request empty, scaled (÷, info)", "non-2xx / errors", "result"],
        scale.figures.map((f) =>
          f.status === "ERROR"
            ? [f.label, "-", "-", "-", "-", f.error.slice(0, 60), f.status]
            : [figureLabel(f), f.empty.latencyP99Ms, f.scaled.latencyP99Ms, fixed(f.ratio, 2), f.cpuRatio === null ? "-" : `${fixed(f.empty.cpuMsPerRequest?.total, 2)}, ${fixed(f.scaled.cpuMsPerRequest?.total, 2)} (${fixed(f.cpuRatio, 2)})`, `${f.empty.non2xx + f.scaled.non2xx} / ${f.empty.errors + f.scaled.errors}`, f.status],
        ),
      ),
    );
    // Cost per purchase journey (bench/scale/cost.mjs) on the empty clinic, a tenth of the
    // scaled one (prepared for this step alone) and the scaled one, one server at a time on the
    // bench's port: the two above are stopped first.
    for (const child of [...children]) await stopChild(child);
    if (!SKIP_COST) {
      try {
        const tenth = await prepareScaleDatabase("tenth", SCALE_FACTOR / 10);
        databases.push(tenth);
        await measureCost({ empty: emptyDatabase, tenth, scaled: scaledDatabase });
      } catch (error) {
        stepError("cost per purchase journey", error);
      }
    }
  } finally {
    for (const side of Object.values(sides ?? {})) await side.cpuClient?.end().catch(() => {});
    for (const child of [...children]) await stopChild(child);
    await sandbox?.close().catch(() => {});
    for (const database of databases) await database.scratch.drop().catch((error) => console.error(`Could not drop ${database.scratch.name}: ${errorMessage(error)}`));
  }
}

/**
 * One target in alternating turns (TURNS), each side's median p99 into one ratio.
 * @param {ScaleTarget} target
 * @param {{ empty: Side, scaled: Side }} sides
 * @param {import("./invoice-webhooks.mjs").ScaleSandbox} sandbox
 * @returns {Promise<MeasuredFigure>}
 */
async function measureTarget(target, sides, sandbox) {
  if (target.deep && sides.empty.deep[target.key]?.depth === 0) throw new Error("the empty clinic's list has a single page: no page deep to compare");
  /** @type {{ empty: Turn[], scaled: Turn[] }} */
  const turns = { empty: [], scaled: [] };
  for (const label of TURNS) {
    const logFrom = logSize(sides[label].server);
    const turn = await measureTurn(target, sides[label], sandbox);
    turns[label].push(turn);
    console.log(`  ${label}: ${target.label}: p99 ${turn.latencyP99Ms} ms${turn.cpu ? `, CPU-ms/request ${fixed(turn.cpu.serverMsPerRequest, 2)} server + ${fixed(turn.cpu.databaseMsPerRequest, 2)} database` : ""}${turn.non2xx + turn.errors ? ` (non-2xx ${turn.non2xx}, errors ${turn.errors}${turn.firstStatus ? `, first answer ${turn.firstStatus}` : ""})` : ""}`);
    // What the server logged as errors during the turn (kind and where: its log carries no personal data).
    turn.serverErrors = serverErrors(sides[label].server, logFrom);
    for (const error of turn.serverErrors) console.log(`    server logged ${error.count} × ${error.message}${error.at ? ` at ${error.at.join(" < ")}` : ""}`);
  }
  const empty = combineTurns(turns.empty);
  const scaled = combineTurns(turns.scaled);
  const { ratio } = medianRatio(turns.scaled, turns.empty, "latencyP99Ms");
  let clean = empty.non2xx + empty.errors + scaled.non2xx + scaled.errors === 0;
  const emptyCpu = empty.cpuMsPerRequest?.total ?? null;
  const scaledCpu = scaled.cpuMsPerRequest?.total ?? null;
  const cpuRatio = emptyCpu !== null && scaledCpu !== null && emptyCpu > 0 ? +(scaledCpu / emptyCpu).toFixed(3) : null;
  /** @type {MeasuredFigure} */
  const figure = { key: target.key, label: target.label, empty, scaled, ratio, cpuRatio, status: "FAIL" };
  if (target.deep) figure.pagesFollowed = { empty: deepOf(sides.empty, target).depth, scaled: deepOf(sides.scaled, target).depth };
  if (target.webhook) {
    figure.orders = { empty: await checkWebhookOrders(sides.empty.database.scratch.url, webhookOf(sides.empty)), scaled: await checkWebhookOrders(sides.scaled.database.scratch.url, webhookOf(sides.scaled)) };
    clean &&= figure.orders.empty.exactlyOnce && figure.orders.scaled.exactlyOnce;
  }
  figure.status = ratio !== null && clean && ratio <= SCALE_TARGET ? "PASS" : "FAIL";
  return figure;
}

/**
 * The side's page `target` reaches a page deep (readySide found it).
 * @param {Side} side
 * @param {ScaleTarget} target
 */
function deepOf(side, target) {
  const page = side.deep[target.key];
  if (!page) throw new Error(`${side.label}: no deep page found for ${target.key}`);
  return page;
}

/**
 * The side's webhook load (made on its first webhook turn).
 * @param {Side} side
 */
function webhookOf(side) {
  if (!side.webhook) throw new Error(`${side.label}: no webhook turn ran`);
  return side.webhook;
}

/**
 * The label with what a deep page or the webhook's check came to (kept in the verdict too).
 * @param {MeasuredFigure} f
 */
export function figureLabel(f) {
  if (f.pagesFollowed) return `${f.label} [next links followed: empty ${f.pagesFollowed.empty}, scaled ${f.pagesFollowed.scaled}]`;
  if (f.orders) return `${f.label} [one order per 2xx event: empty ${f.orders.empty.ordersForAnswered}/${f.orders.empty.answered2xx}, scaled ${f.orders.scaled.ordersForAnswered}/${f.orders.scaled.answered2xx}]`;
  return f.label;
}

/**
 * A scratch database migrated, seeded, given the scale seed at `factor` and 20 sign-in patients.
 * @param {string} label
 * @param {number} factor
 * @param {{ queueFloor?: number }} [options]
 */
async function prepareScaleDatabase(label, factor, { queueFloor = 0 } = {}) {
  // Named like the bench's own scratch databases, so an interrupted run's are dropped next time.
  const scratch = await createScratchDatabase(databaseServer().url, `clinic_bench_scale_${label}`);
  try {
    await applyMigrations({ url: scratch.url });
    await seed(scratch.url);
    const started = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "seed-scale-cli.ts"), JSON.stringify({ factor, queueFloor })],
      { env: { ...process.env, DATABASE_URL: scratch.url }, maxBuffer: 16 * 1024 * 1024 },
    );
    /** @type {{ counts: import("./seed-scale.mjs").ScaleCounts, busy: Account, prescriber: Account, pharmacist: Account, admin: Account }} what bench/scale/seed-scale-cli.ts prints */
    const seeded = JSON.parse(stdout);
    const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);
    const loginPatients = await createPatients(scratch.url, { count: LOGIN_ACCOUNTS, label: `scale-login-${label}`, questionnaire: false });
    const ids = await busyIds(scratch.url, seeded.busy.id);
    const appDatabaseUrl = await prepareAppLogin(scratch.url, { ...process.env, APP_DATABASE_URL: "" });
    return { label, factor, scratch, counts: seeded.counts, seedSeconds, accounts: { busy: seeded.busy, prescriber: seeded.prescriber, pharmacist: seeded.pharmacist, admin: seeded.admin }, loginPatients, ids, appDatabaseUrl };
  } catch (error) {
    await scratch.drop().catch(() => {});
    throw error;
  }
}

/**
 * The busy patient's newest prescription request and paid order (an unpaid one has no case): the case, order and audit pages' subjects.
 * @param {string} url
 * @param {string} busyId
 * @returns {Promise<BusyIds>}
 */
async function busyIds(url, busyId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    /** @type {pg.QueryResult<{ id: string }>} */
    const request = await client.query("SELECT id FROM prescription_requests WHERE user_id = $1 ORDER BY submitted_at DESC NULLS LAST, id DESC LIMIT 1", [busyId]);
    /** @type {pg.QueryResult<{ id: string }>} */
    const order = await client.query("SELECT id FROM orders WHERE user_id = $1 AND paid_at IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1", [busyId]);
    if (!request.rows[0] || !order.rows[0]) throw new Error("the scale seed gave the busy patient no prescription request or no paid order");
    return { requestId: request.rows[0].id, orderId: order.rows[0].id };
  } finally {
    await client.end();
  }
}

/**
 * The production server on `database` at `port`, started (readySide waits for it). Without its
 * in-process job worker (RUN_WORKER=false; nothing measured here waits on a job): the seeded
 * year holds rows that retention would long since have pruned (expired rate-limit windows,
 * delivered outbox rows past their 90 days), and the first sweep's catch-up, millions of
 * batched deletes, would otherwise be timed on the scaled side alone.
 * @param {ScaleDatabase} database
 * @param {number} port
 * @param {string} sandboxUrl
 * @returns {Side}
 */
function startServer(database, port, sandboxUrl) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, APP_DATABASE_URL: database.appDatabaseUrl, NEXT_DIST_DIR: DIST_DIR, SITE_URL: BASE, STRIPE_SANDBOX_URL: sandboxUrl, TRUST_PROXY: "true", RUN_WORKER: "false" };
  delete env.DATABASE_URL;
  // Its whole log is kept (bench-results/…-scale-<side>.log), so a failed answer can be explained.
  fs.mkdirSync("bench-results", { recursive: true });
  const logFile = `bench-results/bench-${stamp}-scale-${database.label}.log`;
  const server = spawnTracked(`serve.mjs (scale, ${database.label})`, ["server/serve.mjs", "--port", String(port), "--hostname", HOST], { env, logFile });
  return { label: database.label, database, base: `http://${HOST}:${port}`, server, sessions: {}, deep: {}, webhook: null };
}

/**
 * The side's server healthy, its accounts signed in, and its deep pages found: as deep as
 * DEEP_PAGES goes, or with `pages` (the empty side's), the same number of links, so both sides
 * render the same page of each list and the ratio is the tables' size alone.
 * @param {Side} side
 * @param {Side["deep"]} [pages]
 */
async function readySide(side, pages) {
  await waitForHealth(`${side.base}/api/health`, { timeoutMs: 60_000, child: side.server });
  const xsrf = await xsrfCookie(side.base);
  side.xsrf = xsrf;
  // Each session from its own address (block 240 of the bench's client addresses).
  for (const [i, role] of /** @type {const} */ (["busy", "prescriber", "pharmacist", "admin"]).entries()) {
    side.sessions[role] = await signInWithSecondFactor(side.database.accounts[role], { base: side.base, xsrf, address: patientAddress(240, i + 1) });
  }
  for (const target of SCALE_TARGETS) {
    if (!target.deep) continue;
    side.deep[target.key] = await deepPage(side.base, target.deep.from, target.deep.link, { cookie: sessionOf(side, target).cookie }, pages?.[target.key]?.depth);
  }
}

/**
 * The session `target` is asked as (readySide signed it in).
 * @param {Side} side
 * @param {ScaleTarget} target
 */
function sessionOf(side, target) {
  const session = target.as && side.sessions[target.as];
  if (!session) throw new Error(`${side.label}: no session to ask ${target.key} as (${target.as})`);
  return session;
}

/**
 * One turn of `target` on one side. The webhook's subscriptions are made on its first turn, after every page is measured.
 * @param {ScaleTarget} target
 * @param {Side} side
 * @param {import("./invoice-webhooks.mjs").ScaleSandbox} sandbox
 * @returns {Promise<Turn>}
 */
async function measureTurn(target, side, sandbox) {
  if (target.login) return loadLogin(side.base, side.database.loginPatients, /** @type {string} readySide took it */ (side.xsrf), (run) => metered(side, run));
  if (target.webhook) {
    side.webhook ??= await prepareWebhookSide(side, sandbox);
    return loadWebhookTurn(side.base, side.webhook);
  }
  const urlPath = target.deep ? deepOf(side, target).path : target.path?.(side.database.ids);
  if (!urlPath) throw new Error(`${target.key} names no page`);
  const session = sessionOf(side, target);
  return loadGet(side.base, urlPath, target.bearer ? { authorization: `Bearer ${session.token}` } : { cookie: session.cookie }, (run) => metered(side, run));
}

/**
 * @param {Side} side
 * @param {import("./invoice-webhooks.mjs").ScaleSandbox} sandbox
 */
async function prepareWebhookSide(side, sandbox) {
  const subscriptionIds = await prepareWebhookSubscriptions({ sandbox, base: side.base, databaseUrl: side.database.scratch.url, label: side.label });
  return { pool: invoicePool(sandbox, subscriptionIds), sent: [], answered: [] };
}

/**
 * A warm-up and a measured run of invoice.paid events; every invoice sent is kept for the order check.
 * @param {string} base
 * @param {NonNullable<Side["webhook"]>} webhook
 */
async function loadWebhookTurn(base, webhook) {
  const load = (/** @type {number} */ duration) => loadWebhooks({ base, pool: webhook.pool, connections: SCALE_CONNECTIONS, duration });
  /** @param {{ sent: string[], answered: string[] }} invoices */
  const keep = ({ sent, answered }) => {
    webhook.sent.push(...sent);
    webhook.answered.push(...answered);
  };
  keep(await load(LOAD.warmup));
  const measured = await load(LOAD.duration);
  keep(measured);
  return { path: "/api/webhooks/stripe", ...figures(measured.result) };
}

/**
 * A side's figure from its turns: the median p99 (and p50), requests and answers summed, every turn kept.
 * @param {Turn[]} turns
 */
function combineTurns(turns) {
  const [first] = turns;
  if (!first) throw new Error("no turn to combine");
  /** @param {"requestsPerSecond" | "requests" | "non2xx" | "errors"} key */
  const sum = (key) => turns.reduce((total, turn) => total + turn[key], 0);
  return {
    path: first.path,
    requestsPerSecond: sum("requestsPerSecond") / turns.length,
    requests: sum("requests"),
    latencyP50Ms: median(turns.map((turn) => turn.latencyP50Ms)),
    latencyP99Ms: median(turns.map((turn) => turn.latencyP99Ms)),
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    firstStatus: turns.find((turn) => turn.firstStatus && turn.firstStatus !== 200)?.firstStatus ?? first.firstStatus,
    cpuMsPerRequest: cpuPerRequest(turns),
    turns,
  };
}

/**
 * The median over a side's turns of the server's and the database's CPU-ms per request, and their
 * sum; null where a turn was not metered (the webhook's) or the database's CPU could not be read.
 * @param {Turn[]} turns
 */
function cpuPerRequest(turns) {
  const metered = turns.flatMap((turn) => (turn.cpu ? [turn.cpu] : []));
  if (metered.length !== turns.length) return null;
  const server = median(metered.map((cpu) => cpu.serverMsPerRequest ?? Number.NaN));
  const database = metered.every((cpu) => cpu.databaseMsPerRequest !== null) ? median(metered.map((cpu) => /** @type {number} */ (cpu.databaseMsPerRequest))) : null;
  return { server, database, total: database === null || Number.isNaN(server) ? null : +(server + database).toFixed(3) };
}

/**
 * POST /api/login, then (staff) POST /api/login/second-factor with the authenticator's
 * current code, as tests/factories/user.ts signIn does. The cookie carries the site's session.
 * @param {Account} account
 * @param {{ base?: string, xsrf: string, address: string }} options
 * @returns {Promise<import("../patients.mjs").Session>}
 */
async function signInWithSecondFactor(account, { base = BASE, xsrf, address }) {
  if (!account.totpSecret) return signIn(base, account, { xsrf, address });
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf), "x-forwarded-for": address };
  const first = await request(`${base}/api/login`, { method: "POST", headers, body: { email: account.email, password: account.password } });
  const challenge = first.status === 200 ? JSON.parse(first.text).challenge : null;
  if (!challenge) throw new Error(`POST /api/login for ${account.email} answered ${first.status} without a second-factor challenge: ${first.text.slice(0, 200)}`);
  const code = await generate({ secret: account.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  const res = await request(`${base}/api/login/second-factor`, { method: "POST", headers, body: { challenge, code } });
  if (res.status !== 200) throw new Error(`POST /api/login/second-factor for ${account.email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return { token: JSON.parse(res.text).token, cookie: cookieHeader(res) };
}

/**
 * GET `urlPath` with `headers` at 10 connections: a check that it answers 200, a warm-up, then the measured run.
 * @param {string} base
 * @param {string} urlPath
 * @param {Record<string, string>} headers
 * @param {Meter} meter runs the measured load and reads its CPU (metered)
 * @returns {Promise<Turn>}
 */
async function loadGet(base, urlPath, headers, meter) {
  const check = await request(`${base}${urlPath}`, { headers });
  const options = { url: `${base}${urlPath}`, headers, connections: SCALE_CONNECTIONS, pipelining: 1, timeout: 10 };
  await autocannon({ ...options, duration: LOAD.warmup });
  const { result, cpu } = await meter(() => autocannon({ ...options, duration: LOAD.duration }));
  return { path: urlPath, firstStatus: check.status, ...figures(result), cpu };
}

/**
 * Runs a measured load and reads what it cost the side: its server's CPU (the process tree) and
 * its database's client backends' CPU, each per request answered (issue 36: a p99 raised by one
 * of the server's garbage-collection pauses leaves the CPU per request where it was; a page whose
 * work grows with the data does not).
 * @param {Side} side
 * @param {() => Promise<import("autocannon").Result>} run
 * @returns {Promise<{ result: import("autocannon").Result, cpu: TurnCpu }>}
 */
async function metered(side, run) {
  if (!side.cpuClient) {
    side.cpuClient = new pg.Client({ connectionString: side.database.scratch.url });
    await side.cpuClient.connect();
  }
  const pid = /** @type {number} a running server's */ (side.server.pid);
  const backends = await postgresBackendsCpu(side.cpuClient, side.database.scratch.name);
  const serverBefore = processTreeCpuMs(pid);
  const result = await run();
  const serverMs = processTreeCpuMs(pid) - serverBefore;
  await backends.read();
  const databaseMs = backends.usedMs();
  const answered = result.requests.total;
  const perRequest = (/** @type {number | null} */ ms) => (ms === null || answered === 0 ? null : +(ms / answered).toFixed(3));
  return { result, cpu: { serverMsPerRequest: perRequest(serverMs), databaseMsPerRequest: perRequest(databaseMs) } };
}

/**
 * POST /api/login with a correct password, each request as the next of the sign-in patients
 * from the next client address: a successful sign-in resets its account's and device's
 * counters and refunds its address's, and no account or address has two at once, so the
 * limits (lib/server/services/rate-limit/rules.ts) never answer 429.
 * @param {string} base
 * @param {import("../patients.mjs").Patient[]} patients
 * @param {string} xsrf
 * @param {Meter} meter
 * @returns {Promise<Turn>}
 */
async function loadLogin(base, patients, xsrf, meter) {
  let n = 0;
  const next = () => {
    const i = n++;
    const patient = patients[i % patients.length];
    if (!patient) throw new Error("no sign-in patient");
    return { address: patientAddress(241 + (Math.floor(i / 65536) % 10), i % 65536), body: JSON.stringify({ email: patient.email, password: patient.password }) };
  };
  const baseHeaders = { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf) };
  /** @param {import("autocannon").Request} req */
  const setupRequest = (req) => {
    const { address, body } = next();
    return { ...req, method: "POST", body, headers: { ...baseHeaders, "x-forwarded-for": address } };
  };
  const options = { url: `${base}/api/login`, connections: SCALE_CONNECTIONS, pipelining: 1, timeout: 10, requests: [{ setupRequest }] };
  await autocannon({ ...options, duration: LOAD.warmup });
  const { result, cpu } = await meter(() => autocannon({ ...options, duration: LOAD.duration }));
  return { path: "/api/login", ...figures(result), cpu };
}

/** @param {import("autocannon").Result} r */
function figures(r) {
  return { requestsPerSecond: r.requests.average, requests: r.requests.total, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}
