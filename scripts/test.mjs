// `npm test`: the whole suite. Unit and integration tests (jest) run against a fresh
// database on the server at DATABASE_URL, or on the embedded PostgreSQL when it is unset;
// then the browser journeys (Playwright, Debian Chromium) run against `npm start`'s production build.
// Lint and type-check run beside the jest run (their output shown when they end): a red static
// check fails the run like a red test; so does the observability profile's configuration
// (promtool, docker-compose config). A browser test that passes only on CI's one retry is
// counted as flaky, named, and fails the run too (scripts/lib/test-totals.mjs).
// Before the browser journeys it installs Debian's chromium and nginx when missing (as root,
// where apt-get exists; otherwise it stops, naming the command to run); before the static
// checks, Debian's prometheus for promtool (otherwise those checks are skipped, saying so);
// before the integration tests, Debian's postgresql for the backup and restore test.
//   --only static|unit|integration|e2e   run one part
//   -- <paths or patterns>                 only those test files (jest and Playwright filters)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { resolveDatabase } from "../server/runtime/database.mjs";
import { createScratchDatabase } from "./lib/scratch-database.mjs";
import { applyLocalSecrets } from "../server/runtime/local-secrets.mjs";
import { applyMigrations } from "../server/runtime/schema-engine.mjs";
import { seed } from "../prisma/seed.mjs";
import { freePort } from "./lib/free-port.mjs";
import { browserTestTools, missingTools, prerequisitesPlan } from "./lib/browser-test-prerequisites.mjs";
import { observabilityChecks, promtoolTool } from "./lib/observability-checks.mjs";
import { postgresServerTool } from "./lib/debian-postgres.mjs";
import { startOtlpReceiver } from "../tests/support/otlp-receiver.mjs";
import { addJestReport, addPlaywrightReport, emptyTotals, runVerdict } from "./lib/test-totals.mjs";

const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : null;
const dashDash = process.argv.indexOf("--");
const filters = dashDash > 0 ? process.argv.slice(dashDash + 1) : [];
const parts = only ? [only] : ["static", "unit", "integration", "e2e"];
// A filtered run may select nothing in one of the two Playwright passes (e.g. a cluster-only spec).
const filterArgs = filters.length ? ["--pass-with-no-tests", ...filters] : [];
const E2E_PORT = process.env.E2E_PORT ?? "3210";
const DIST_DIR = ".next-test";
// One file per run: several runs (e.g. two engineers' filtered runs) may share the folder.
const JEST_RESULTS = `test-results/jest-results-${process.pid}.json`;

if (parts.includes("e2e")) ensureTools(browserTestTools(process.env), { purpose: "The browser tests", required: true });
if (parts.includes("static")) ensureTools([promtoolTool(process.env)], { purpose: "The observability checks", required: false });
// The backup and restore test starts a PostgreSQL of its own whose pg_dump matches it (the
// embedded server ships none); where it cannot be installed, that test says why (and fails under CI).
if (parts.includes("integration")) ensureTools([postgresServerTool(process.env)], { purpose: "The backup and restore test", required: false });

process.env.NEXT_TELEMETRY_DISABLED = "1";
// Tests never talk to a real Stripe account, whatever the shell has configured.
delete process.env.STRIPE_SECRET_KEY;
applyLocalSecrets();
fs.mkdirSync("test-results", { recursive: true });
// The servers' output during the e2e run, outside Playwright's output folder (which it empties).
fs.mkdirSync("test-logs", { recursive: true });

const needsDatabase = parts.some((part) => part === "integration" || part === "e2e");
const server = needsDatabase ? await resolveDatabase({ purpose: "test" }) : null;
// The integration tests run on JEST_WORKERS (2) jest workers, each on a database of its own
// (tests/support/setup-integration.ts picks it by JEST_WORKER_ID), so no test file shares
// rows, rate-limit buckets or a job queue with one running beside it; within a worker, files
// run one after another as before. The first database is the browser journeys' afterwards.
const jestWorkers = parts.includes("integration") ? Math.max(1, Number.parseInt(process.env.JEST_WORKERS ?? "", 10) || 2) : 1;
const scratches = server ? await Promise.all(Array.from({ length: jestWorkers }, (_, i) => createScratchDatabase(server.url, i === 0 ? "clinic_test" : `clinic_test_w${i + 1}`))) : [];
const scratch = scratches[0] ?? null;
const totals = emptyTotals();
let failed = false;

const cleanup = async () => {
  for (const each of scratches) await each.drop().catch((error) => console.error(`Could not drop ${each.name}: ${error.message}`));
  await server?.stop().catch(() => {});
};
process.on("SIGINT", () => cleanup().then(() => process.exit(130)));

try {
  for (const each of scratches) {
    await applyMigrations({ url: each.url });
    await seed(each.url);
  }
  // Integration tests start their own payment sandbox (tests/support/stripe-sandbox.ts) on this port.
  // STRIPE_SECRET_KEY "" (= unset) also keeps a key in .env, which start.mjs loads, out of the tests.
  // Tests run as the database's owner (DATABASE_URL); the e2e servers as the app's own login,
  // which `npm start` makes for the scratch database (<name>_app, dropped with it).
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, ...(scratch ? { DATABASE_URL: scratch.url } : {}), STRIPE_SECRET_KEY: "", STRIPE_SANDBOX_URL: `http://127.0.0.1:${await freePort()}` };
  delete env.APP_DATABASE_URL;
  // Each jest worker's database and payment sandbox port, in worker order (setup-integration.ts).
  const sandboxUrls = [env.STRIPE_SANDBOX_URL];
  while (sandboxUrls.length < scratches.length) {
    const url = `http://127.0.0.1:${await freePort()}`;
    if (!sandboxUrls.includes(url)) sandboxUrls.push(url);
  }
  // API_CONTRACT_RUN marks this run's response-check counts (test-results/contract-<pid>.json).
  const jestEnv = { ...env, API_CONTRACT_RUN: String(process.pid), TEST_DATABASE_URLS: scratches.map((each) => each.url).join(" "), TEST_STRIPE_SANDBOX_URLS: sandboxUrls.join(" ") };

  // The static checks read only the sources, so they run beside the jest run (whose
  // integration tests keep one core mostly waiting on PostgreSQL), their output held back and
  // shown in one piece when they finish: on a 2-core machine this takes minutes off CI.
  const jestProjects = parts.filter((part) => part === "unit" || part === "integration");
  const staticChecks = parts.includes("static") ? runStaticChecks(env, { besideTests: jestProjects.length > 0 }) : Promise.resolve(true);

  if (jestProjects.length) {
    const workers = jestProjects.includes("integration") ? [`--maxWorkers=${jestWorkers}`] : [];
    const result = await runAsync("node_modules/jest/bin/jest.js", ["--ci", "--selectProjects", ...jestProjects, "--json", `--outputFile=${JEST_RESULTS}`, ...workers, ...(filters.length ? ["--", ...filters] : [])], jestEnv);
    countJest(JEST_RESULTS);
    if (jestProjects.includes("integration")) {
      summariseContract();
      summariseFuzz();
    }
    failed ||= result !== 0;
  }
  failed = !(await staticChecks) || failed;

  if (parts.includes("e2e")) {
    // The browser journeys run against `npm start` itself (server/start.mjs): it migrates
    // and seeds the scratch database, starts the payment sandbox (whose hosted page posts
    // signed webhooks to the app), builds into .next-test when that build is stale, and serves.
    const appUrl = `http://127.0.0.1:${E2E_PORT}`;
    // When this run's static checks type-checked the sources, the build skips doing it again.
    const typesChecked = parts.includes("static") ? { BUILD_TYPES_CHECKED: "1" } : {};
    // The server also serves its Prometheus metrics, on a port of their own (e2e/metrics.spec.ts).
    const metricsPort = await freePort();
    /** @type {NodeJS.ProcessEnv} */
    const e2eEnv = { ...env, PORT: E2E_PORT, NEXT_DIST_DIR: DIST_DIR, SITE_URL: appUrl, ...typesChecked, E2E_BASE_URL: appUrl, STRIPE_SANDBOX_PORT: "0", METRICS_PORT: String(metricsPort), E2E_METRICS_URL: `http://127.0.0.1:${metricsPort}` };
    delete e2eEnv.STRIPE_SANDBOX_URL;
    // The server's output is shown and kept: e2e/zz-logs-carry-no-personal-data.spec.ts reads
    // it back (E2E_SERVER_LOG, in test-logs/) to prove no patient's email or answer reached the logs.
    const serverLog = "test-logs/e2e-server.log";
    fs.writeFileSync(serverLog, "");
    e2eEnv.E2E_SERVER_LOG = serverLog;
    // Its traces go to an in-process OTLP receiver (tests/support/otlp-receiver.mjs), which keeps
    // them as JSON lines (E2E_SPANS_LOG) for the same scan; exported every half second.
    const spansLog = "test-logs/e2e-spans.jsonl";
    fs.writeFileSync(spansLog, "");
    const otlpReceiver = await startOtlpReceiver({ file: spansLog });
    Object.assign(e2eEnv, { OTEL_EXPORTER_OTLP_ENDPOINT: otlpReceiver.url, OTEL_BSP_SCHEDULE_DELAY: "500", E2E_SPANS_LOG: spansLog });
    const app = spawn(process.execPath, ["server/start.mjs", "--hostname", "127.0.0.1"], { env: e2eEnv, stdio: ["ignore", "pipe", "pipe"] });
    keepOutput(app, serverLog);
    const exited = new Promise((resolve) => app.once("exit", resolve));
    try {
      await waitForHealth(`${appUrl}/api/health`, exited);
      // Two passes: the specs that share nothing, E2E_WORKERS (2) at a time, then the ones that
      // need the server to themselves (playwright.config.ts, "desktop-alone"), one after another.
      // Each pass keeps its failures' traces and screenshots in a folder of its own (Playwright
      // empties its output folder when it starts).
      const passes = [
        { name: "shared", projects: ["desktop", "mobile"], workers: process.env.E2E_WORKERS ?? "2" },
        { name: "alone", projects: ["desktop-alone"], workers: "1" },
      ];
      for (const pass of passes) {
        const args = ["test", ...pass.projects.flatMap((project) => ["--project", project]), "--output", `test-results/e2e-${pass.name}`, ...filterArgs];
        const result = await runAsync("node_modules/@playwright/test/cli.js", args, { ...e2eEnv, E2E_WORKERS: pass.workers });
        countPlaywright("test-results/e2e-results.json");
        failed ||= result !== 0;
      }
    } finally {
      await stopChild(app, exited);
      await otlpReceiver.close();
    }

    // The main journeys again through the production topology (`npm run cluster`: nginx in
    // front of two app instances and a worker), on the same database and build: nginx takes
    // over the app's address, so SITE_URL (baked into the build) is unchanged.
    const clusterPort = E2E_PORT;
    const appPorts = [await freePort(), await freePort()];
    const clusterUrl = appUrl;
    const clusterLog = "test-logs/e2e-cluster-server.log";
    fs.writeFileSync(clusterLog, "");
    const clusterEnv = {
      ...e2eEnv,
      SITE_URL: clusterUrl,
      E2E_CLUSTER_URL: clusterUrl,
      E2E_INSTANCE_URLS: appPorts.map((port) => `http://127.0.0.1:${port}`).join(","),
      E2E_SERVER_LOG: clusterLog,
    };
    // The cluster's spans (nginx's request id as trace id, jobs run by the separate worker) to a receiver of their own.
    const clusterSpansLog = "test-logs/e2e-cluster-spans.jsonl";
    fs.writeFileSync(clusterSpansLog, "");
    const clusterReceiver = await startOtlpReceiver({ file: clusterSpansLog });
    Object.assign(clusterEnv, { OTEL_EXPORTER_OTLP_ENDPOINT: clusterReceiver.url, E2E_SPANS_LOG: clusterSpansLog });
    const cluster = spawn(process.execPath, ["server/cluster.mjs", "--port", String(clusterPort), "--app-ports", appPorts.join(",")], { env: clusterEnv, stdio: ["ignore", "pipe", "pipe"] });
    keepOutput(cluster, clusterLog);
    const clusterExited = new Promise((resolve) => cluster.once("exit", resolve));
    try {
      await waitForHealth(`${clusterUrl}/api/health/ready`, clusterExited);
      // The journeys two specs at a time (as in the shared pass), then the log scan, which
      // reads what they all wrote, on its own.
      const clusterPasses = [
        { name: "cluster", project: "cluster", workers: process.env.E2E_WORKERS ?? "2" },
        { name: "cluster-last", project: "cluster-last", workers: "1" },
      ];
      for (const pass of clusterPasses) {
        const args = ["test", "--project", pass.project, "--output", `test-results/e2e-${pass.name}`, ...filterArgs];
        const result = await runAsync("node_modules/@playwright/test/cli.js", args, { ...clusterEnv, E2E_WORKERS: pass.workers });
        countPlaywright("test-results/e2e-results.json");
        failed ||= result !== 0;
      }
    } finally {
      await stopChild(cluster, clusterExited);
      await clusterReceiver.close();
    }
  }
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  failed = true;
} finally {
  await cleanup();
}

// A browser test that passed only on CI's retry (playwright.config.ts) is counted as flaky, named, and fails the run.
const outcome = runVerdict(totals, { stepFailed: failed });
console.log(`\n${outcome.lines.join("\n")}`);
process.exit(outcome.failed ? 1 : 0);

/**
 * Debian packages a part of the run needs (chromium and nginx for the browser journeys,
 * prometheus for promtool): installed when missing, as root where apt-get exists. Otherwise a
 * required tool stops the run naming the command to run; an optional one only says so.
 * @param {import("./lib/browser-test-prerequisites.mjs").BrowserTestTool[]} tools
 * @param {{ purpose: string, required: boolean }} options
 */
function ensureTools(tools, { purpose, required }) {
  const missing = missingTools(tools, isExecutable);
  const plan = prerequisitesPlan({ missing, isRoot: process.getuid?.() === 0, hasAptGet: onPath("apt-get"), purpose });
  if (plan.action === "none") return;
  if (plan.action === "install") {
    console.log(`Installing from Debian for ${purpose.toLowerCase()}: ${plan.packages.join(" ")}`);
    for (const { command, args, env } of plan.commands) {
      const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
      if (result.status !== 0) {
        console.error(`\`${command} ${args.join(" ")}\` failed (exit ${result.status ?? result.signal}); install ${plan.packages.join(" and ")} and run npm test again.`);
        if (required) process.exit(1);
        return;
      }
    }
    if (missingTools(tools, isExecutable).length === 0) return;
    console.error(`apt-get installed ${plan.packages.join(" and ")}, yet ${missingTools(tools, isExecutable).map((tool) => tool.candidates.join(" or ")).join(" and ")} still has no executable.`);
    if (required) process.exit(1);
    return;
  }
  console.error(plan.message);
  if (required) process.exit(1);
}

/**
 * Route types, the type-check, lint and the observability checks, one after another, each
 * child's output collected and printed with its heading when the step ends (they run beside
 * jest, whose output would otherwise interleave). Resolves false when any step failed.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ besideTests: boolean }} options
 */
async function runStaticChecks(env, { besideTests }) {
  let ok = true;
  const steps = [
    { label: "route types", command: process.execPath, args: ["node_modules/next/dist/bin/next", "typegen"] },
    { label: "type-check", command: process.execPath, args: ["node_modules/typescript/bin/tsc", "--noEmit"] },
    { label: "lint (ESLint and the import graph)", command: process.execPath, args: ["scripts/lint.mjs"] },
    ...observabilitySteps(),
  ];
  for (const step of steps) {
    if ("skipped" in step) {
      console.log(`\n> observability check skipped: ${step.skipped}`);
      continue;
    }
    const started = Date.now();
    const { status, output } = await collectOutput(step.command, step.args, { ...env, ...step.env });
    console.log(`\n> ${step.label} (${((Date.now() - started) / 1000).toFixed(1)} s${besideTests ? ", beside the tests" : ""})\n${output}`);
    if (status !== 0) {
      console.error(`The ${step.label} step failed.`);
      ok = false;
    }
  }
  return ok;
}

/**
 * Runs a command to its end, its stdout and stderr gathered in order of arrival.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ status: number, output: string }>}
 */
function collectOutput(command, args, env) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${Buffer.concat(chunks).toString()}${error.message}` }));
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/** promtool over deploy/observability and docker-compose.yml's config with the profile, as static steps. */
function observabilitySteps() {
  const promtool = promtoolTool(process.env).candidates.find((candidate) => isExecutable(candidate)) ?? null;
  const compose = onPath("docker-compose")
    ? { command: "docker-compose", args: [] }
    : onPath("docker") && spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0
      ? { command: "docker", args: ["compose"] }
      : null;
  const { checks, skipped } = observabilityChecks({ root: process.cwd(), promtool, compose });
  return [...skipped.map((reason) => ({ skipped: reason })), ...checks];
}

/** @param {string} file */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** @param {string} command */
function onPath(command) {
  return (process.env.PATH ?? "").split(":").some((folder) => folder && isExecutable(`${folder}/${command}`));
}

/**
 * Runs a Node.js script with the output shown; resolves with its exit code.
 * @param {string} script
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runAsync(script, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: "inherit", env });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
}

/**
 * @param {import("node:child_process").ChildProcess} child
 * @param {Promise<unknown>} exited resolves when it exits
 */
async function stopChild(child, exited) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    await exited;
  }
}

/**
 * Shows a child's output as it comes and appends it to `file`.
 * @param {import("node:child_process").ChildProcessByStdio<null, import("node:stream").Readable, import("node:stream").Readable>} child
 * @param {string} file
 */
function keepOutput(child, file) {
  const log = fs.createWriteStream(file, { flags: "a" });
  child.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    log.write(chunk);
  });
  child.stderr.on("data", (chunk) => {
    process.stderr.write(chunk);
    log.write(chunk);
  });
  child.once("exit", () => log.end());
}

/** @param {string} file jest's --json report */
function countJest(file) {
  if (!fs.existsSync(file)) return;
  addJestReport(totals, JSON.parse(fs.readFileSync(file, "utf8")));
}

/** What each worker's response check wrote. @typedef {import("../tests/support/api-contract-check.mjs").ContractReport & { run: string | null }} ContractRunReport */

/**
 * One line from the integration workers' response checks (tests/support/api-contract-environment.mjs):
 * what was validated, and the operations no test exercised. The files are this run's, then removed.
 */
function summariseContract() {
  const reports = fs
    .readdirSync("test-results")
    .filter((name) => /^contract-\d+\.json$/.test(name))
    .map((name) => ({ file: `test-results/${name}`, report: /** @type {ContractRunReport} */ (JSON.parse(fs.readFileSync(`test-results/${name}`, "utf8"))) }))
    .filter(({ report }) => report.run === String(process.pid));
  if (!reports.length) return;
  let validated = 0;
  /** @type {Set<string>} */
  const statuses = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {Set<string>} */
  const documented = new Set();
  /** @type {Set<string>} */
  const unmatched = new Set();
  for (const { file, report } of reports) {
    validated += report.validated;
    for (const [operation, counts] of Object.entries(report.seen)) {
      seen.add(operation);
      for (const status of Object.keys(counts)) statuses.add(`${operation} ${status}`);
    }
    for (const operation of report.operations) documented.add(operation);
    for (const operation of Object.keys(report.unmatched)) unmatched.add(operation);
    fs.rmSync(file, { force: true });
  }
  const never = [...documented].filter((operation) => !seen.has(operation)).sort();
  const outside = unmatched.size ? `; not in the document: ${[...unmatched].sort().join(", ")}` : "";
  console.log(`\nAPI contract: ${validated} responses validated, ${seen.size} operations, ${statuses.size} statuses; never exercised: ${never.length ? never.join(", ") : "none"}${outside}`);
}

/** What each generated-input test file wrote. @typedef {import("../tests/support/fuzz/fuzz-routes").FuzzTotals & { run: string, group: string, runsPerRoute: number }} FuzzRunReport */

/** One line from the generated-input tests (tests/support/fuzz/fuzz-suite.ts): cases sent, per route and in all. */
function summariseFuzz() {
  const reports = fs
    .readdirSync("test-results")
    .filter((name) => /^fuzz-[a-z-]+-\d+\.json$/.test(name))
    .map((name) => ({ file: `test-results/${name}`, report: /** @type {FuzzRunReport} */ (JSON.parse(fs.readFileSync(`test-results/${name}`, "utf8"))) }))
    .filter(({ report }) => report.run === String(process.pid));
  if (!reports.length) return;
  /** @type {import("../tests/support/fuzz/fuzz-routes").FuzzTotals} */
  const sum = { routes: 0, cases: 0, refused: 0, accepted: 0, failedRoutes: 0 };
  for (const { file, report } of reports) {
    for (const key of /** @type {(keyof typeof sum)[]} */ (Object.keys(sum))) sum[key] += report[key];
    fs.rmSync(file, { force: true });
  }
  console.log(`Generated bad input: ${sum.cases} requests to ${sum.routes} routes (${reports[0]?.report.runsPerRoute} a route; FUZZ_RUNS sets it), ${sum.refused} refused with a 4xx, ${sum.accepted} accepted; ${sum.failedRoutes ? `${sum.failedRoutes} routes FAILED (see above)` : "every route kept the property"}`);
}

/** @param {string} file Playwright's JSON report */
function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  addPlaywrightReport(totals, JSON.parse(fs.readFileSync(file, "utf8")));
}

/**
 * Waits for the app to answer (a first start builds: minutes), or fails if it exits.
 * @param {string} url
 * @param {Promise<unknown>} exited resolves when the app's process exits
 */
async function waitForHealth(url, exited) {
  let gone = false;
  exited.then(() => (gone = true));
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(gone ? "`npm start` (server/start.mjs) exited before the app answered; see its messages above." : `The app did not become healthy at ${url} within 15 minutes.`);
}
