// Issue 24's figures (`npm run bench -- --scale`): each page and API a busy clinic leans on,
// its p99 with a year of data (bench/scale/seed-scale.mjs at --scale-factor, 1 = 100,000
// patients, 1,000,000 orders, 5,000,000 audit events …) over its p99 on an empty clinic,
// in the same run, on the same build and database server. Target: scaled ÷ empty ≤ 1.5.
//
// Two scratch databases, each migrated and seeded like the bench's own, then given the scale
// seed: the empty one at EMPTY_FACTOR (a clinic's first days: 10 patients, 100 orders, 20
// prescription requests, 500 audit events — the fewest that still give the busy patient a paid
// order, which the order page needs), the scaled one at the factor. Both get the
// same accounts from the tests' factories (the busy patient, a prescriber, a pharmacist and an
// administrator, each member of staff with an authenticator) and 20 sign-in patients. The
// production server (server/serve.mjs on the bench's build) is started against each in turn
// on the bench's port; staff sign in over HTTP as the browser tests do (password, then the
// TOTP code), the patient with a password. Every figure is autocannon at 10 connections, the
// same warm-up and duration for each, and must answer 200 throughout (a redirect to sign-in
// or an error is reported, not timed).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { generate } from "otplib";
import pg from "pg";
import { seed } from "../../prisma/seed.mjs";
import { prepareAppLogin } from "../../server/lib/app-role.mjs";
import { applyMigrations } from "../../server/lib/schema-engine.mjs";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.mjs";
import { children, results, run, spawnTracked, stepError, stopChild } from "../harness.mjs";
import { waitForHealth } from "../net.mjs";
import { createPatients, patientAddress, request, signIn, xsrfCookie } from "../patients.mjs";
import { fixed, heading, table } from "../report.mjs";
import { APP_PORT, BASE, DIST_DIR, HOST, LOAD, SCALE_FACTOR } from "../settings.mjs";
import { measureCost } from "./cost.mjs";

export const SCALE_CONNECTIONS = 10;
export const SCALE_TARGET = 1.5;
const LOGIN_ACCOUNTS = 20;
export const EMPTY_FACTOR = 0.0001;

/**
 * What is measured, in this order on each database. `as`: whose session (cookie for pages,
 * bearer token for the API); `path(ids)`: the URL with the database's own ids.
 */
export const SCALE_TARGETS = [
  { key: "prescriberQueue", label: "prescriber's queue /staff/prescriptions", as: "prescriber", path: () => "/staff/prescriptions" },
  { key: "pharmacistQueue", label: "pharmacist's queue /staff/orders", as: "pharmacist", path: () => "/staff/orders" },
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
];

/** The step: both databases, both servers in turn, the ratios into results.scale. */
export async function measureScale() {
  heading(`Data at scale (issue 24): p99 at ${SCALE_CONNECTIONS} connections, a year of data (factor ${SCALE_FACTOR}) ÷ an empty clinic`);
  // The bench's own server holds the port; the scale step starts its own on each database.
  for (const child of [...children]) await stopChild(child);
  const scale = { factor: SCALE_FACTOR, connections: SCALE_CONNECTIONS, target: SCALE_TARGET, warmupSeconds: LOAD.warmup, durationSeconds: LOAD.duration, databases: {}, figures: [] };
  results.scale = scale;
  const databases = [];
  try {
    if (SCALE_FACTOR <= EMPTY_FACTOR) throw new Error(`--scale-factor must be above the empty clinic's ${EMPTY_FACTOR}`);
    for (const [label, factor] of [["empty", EMPTY_FACTOR], ["scaled", SCALE_FACTOR]]) {
      const prepared = await prepareScaleDatabase(label, factor);
      databases.push(prepared);
      scale.databases[label] = { name: prepared.scratch.name, factor, counts: prepared.counts, seedSeconds: prepared.seedSeconds };
      console.log(`${label}: ${prepared.scratch.name}, seeded at factor ${factor} in ${prepared.seedSeconds} s (${prepared.counts.patients} patients, ${prepared.counts.orders} orders, ${prepared.counts.requests} requests, ${prepared.counts.audit} audit events)`);
    }
    const measured = {};
    for (const database of databases) measured[database.label] = await measureDatabase(database);
    for (const target of SCALE_TARGETS) {
      const empty = measured.empty[target.key];
      const scaled = measured.scaled[target.key];
      const ratio = empty.latencyP99Ms > 0 ? scaled.latencyP99Ms / empty.latencyP99Ms : null;
      const clean = empty.non2xx + empty.errors + scaled.non2xx + scaled.errors === 0;
      scale.figures.push({ key: target.key, label: target.label, empty, scaled, ratio, status: ratio !== null && clean && ratio <= SCALE_TARGET ? "PASS" : "FAIL" });
    }
    scale.webhook = "not measured: a paid invoice is re-read from the payment API (the subscription and the invoice), which the scaled rows have no counterpart in";
    console.log(
      table(
        ["figure", "empty p99 ms", "scaled p99 ms", "scaled ÷ empty", "non-2xx / errors", "result"],
        scale.figures.map((f) => [f.label, f.empty.latencyP99Ms, f.scaled.latencyP99Ms, fixed(f.ratio, 2), `${f.empty.non2xx + f.scaled.non2xx} / ${f.empty.errors + f.scaled.errors}`, f.status]),
      ),
    );
    // Cost per purchase journey (bench/scale/cost.mjs) on the empty clinic, a tenth of the
    // scaled one (prepared for this step alone) and the scaled one.
    try {
      const tenth = await prepareScaleDatabase("tenth", SCALE_FACTOR / 10);
      databases.push(tenth);
      await measureCost({ empty: databases[0], tenth, scaled: databases[1] });
    } catch (error) {
      stepError("cost per purchase journey", error);
    }
  } finally {
    for (const child of [...children]) await stopChild(child);
    for (const database of databases) await database.scratch.drop().catch((error) => console.error(`Could not drop ${database.scratch.name}: ${error.message}`));
  }
}

/** A scratch database migrated, seeded, given the scale seed at `factor` and 20 sign-in patients. */
async function prepareScaleDatabase(label, factor) {
  // Named like the bench's own scratch databases, so an interrupted run's are dropped next time.
  const scratch = await createScratchDatabase(run.server.url, `clinic_bench_scale_${label}`);
  try {
    await applyMigrations({ url: scratch.url });
    await seed(scratch.url);
    const started = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "seed-scale-cli.ts"), JSON.stringify({ factor })],
      { env: { ...process.env, DATABASE_URL: scratch.url }, maxBuffer: 16 * 1024 * 1024 },
    );
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

/** The busy patient's newest prescription request and paid order (an unpaid one has no case): the case, order and audit pages' subjects. */
async function busyIds(url, busyId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const request = await client.query("SELECT id FROM prescription_requests WHERE user_id = $1 ORDER BY submitted_at DESC NULLS LAST, id DESC LIMIT 1", [busyId]);
    const order = await client.query("SELECT id FROM orders WHERE user_id = $1 AND paid_at IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1", [busyId]);
    if (!request.rows[0] || !order.rows[0]) throw new Error("the scale seed gave the busy patient no prescription request or no paid order");
    return { requestId: request.rows[0].id, orderId: order.rows[0].id };
  } finally {
    await client.end();
  }
}

/** The production server on `database`, every target measured, the server stopped. */
async function measureDatabase(database) {
  const env = { ...process.env, APP_DATABASE_URL: database.appDatabaseUrl, NEXT_DIST_DIR: DIST_DIR, SITE_URL: BASE, STRIPE_SANDBOX_URL: run.sandbox.url, TRUST_PROXY: "true" };
  delete env.DATABASE_URL;
  const server = spawnTracked(`serve.mjs (scale, ${database.label})`, ["server/serve.mjs", "--port", String(APP_PORT), "--hostname", HOST], { env });
  try {
    await waitForHealth(`${BASE}/api/health`, { timeoutMs: 60_000, child: server });
    const xsrf = await xsrfCookie(BASE);
    // Each session from its own address (block 240 of the bench's client addresses).
    const sessions = {};
    for (const [i, role] of ["busy", "prescriber", "pharmacist", "admin"].entries()) {
      sessions[role] = await signInWithSecondFactor(database.accounts[role], { xsrf, address: patientAddress(240, i + 1) });
    }
    const out = {};
    for (const target of SCALE_TARGETS) {
      out[target.key] = target.login ? await loadLogin(database.loginPatients, xsrf) : await loadGet(target.path(database.ids), target.bearer ? { authorization: `Bearer ${sessions[target.as].token}` } : { cookie: sessions[target.as].cookie });
      console.log(`  ${database.label}: ${target.label}: p99 ${out[target.key].latencyP99Ms} ms${out[target.key].non2xx + out[target.key].errors ? ` (non-2xx ${out[target.key].non2xx}, errors ${out[target.key].errors}${out[target.key].firstStatus ? `, first answer ${out[target.key].firstStatus}` : ""})` : ""}`);
    }
    return out;
  } finally {
    await stopChild(server);
  }
}

/**
 * POST /api/login, then (staff) POST /api/login/second-factor with the authenticator's
 * current code, as tests/factories/user.ts signIn does. The cookie carries the site's session.
 */
export async function signInWithSecondFactor(account, { xsrf, address }) {
  if (!account.totpSecret) return signIn(BASE, account, { xsrf, address });
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf), "x-forwarded-for": address };
  const first = await request(`${BASE}/api/login`, { method: "POST", headers, body: { email: account.email, password: account.password } });
  const challenge = first.status === 200 ? JSON.parse(first.text).challenge : null;
  if (!challenge) throw new Error(`POST /api/login for ${account.email} answered ${first.status} without a second-factor challenge: ${first.text.slice(0, 200)}`);
  const code = await generate({ secret: account.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  const res = await request(`${BASE}/api/login/second-factor`, { method: "POST", headers, body: { challenge, code } });
  if (res.status !== 200) throw new Error(`POST /api/login/second-factor for ${account.email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  const cookies = [res.headers["set-cookie"] ?? []]
    .flat()
    .map((c) => c.split(";")[0])
    .filter((pair) => pair.includes("=") && pair.split("=")[1] !== "");
  return { token: JSON.parse(res.text).token, cookie: cookies.join("; ") };
}

/** GET `urlPath` with `headers` at 10 connections: a check that it answers 200, a warm-up, then the measured run. */
async function loadGet(urlPath, headers) {
  const check = await request(`${BASE}${urlPath}`, { headers });
  const options = { url: `${BASE}${urlPath}`, headers, connections: SCALE_CONNECTIONS, pipelining: 1, timeout: 10 };
  await autocannon({ ...options, duration: LOAD.warmup });
  return { path: urlPath, firstStatus: check.status, ...figures(await autocannon({ ...options, duration: LOAD.duration })) };
}

/**
 * POST /api/login with a correct password, each request as the next of the sign-in patients
 * from the next client address: a successful sign-in resets its account's and device's
 * counters and refunds its address's, and no account or address has two at once, so the
 * limits (lib/server/rate-limit/rules.ts) never answer 429.
 */
async function loadLogin(patients, xsrf) {
  let n = 0;
  const next = () => {
    const i = n++;
    const patient = patients[i % patients.length];
    return { address: patientAddress(241 + (Math.floor(i / 65536) % 10), i % 65536), body: JSON.stringify({ email: patient.email, password: patient.password }) };
  };
  const baseHeaders = { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf) };
  const setupRequest = (req) => {
    const { address, body } = next();
    return { ...req, method: "POST", body, headers: { ...baseHeaders, "x-forwarded-for": address } };
  };
  const options = { url: `${BASE}/api/login`, connections: SCALE_CONNECTIONS, pipelining: 1, timeout: 10, requests: [{ setupRequest }] };
  await autocannon({ ...options, duration: LOAD.warmup });
  return { path: "/api/login", ...figures(await autocannon({ ...options, duration: LOAD.duration })) };
}

function figures(r) {
  return { requestsPerSecond: r.requests.average, requests: r.requests.total, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}
