// 1. Prepare: a scratch database (migrated and seeded), the payment sandbox, the production
// build in .next-bench (reused while current), and server/serve.mjs serving it.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { seed } from "../prisma/seed.mjs";
import { applyMigrations } from "../server/runtime/schema-engine.mjs";
import { prepareAppLogin } from "../server/runtime/app-role.mjs";
import { isBuildCurrent, sourceHash, writeBuildStamp } from "../server/runtime/build-stamp.mjs";
import { resolveDatabase } from "../server/runtime/database.mjs";
import { setEnv } from "../server/runtime/process-env.mjs";
import { applyLocalSecrets } from "../server/runtime/local-secrets.mjs";
import { createScratchDatabase } from "../scripts/lib/scratch-database.mjs";
import { startStripeSandbox } from "../stripe-sandbox/server.mjs";
import { assertPortFree, waitForHealth } from "./net.mjs";
import { heading } from "./report.mjs";
import { restoreBuildSideEffects, results, run, snapshotBuildSideEffects, spawnTracked, tail } from "./harness.mjs";
import { APP_PORT, BASE, CHROMIUM, DIST_DIR, HOST, SKIP_LIGHTHOUSE, SKIP_STARTUP, START_PORT, webhookSecret } from "./settings.mjs";


export async function prepare() {
  heading("Prepare");
  await assertPortFree(APP_PORT);
  if (!SKIP_STARTUP) await assertPortFree(START_PORT);
  if (!fs.existsSync(CHROMIUM) && !SKIP_LIGHTHOUSE) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or pass --no-lighthouse).`);

  process.env.NEXT_TELEMETRY_DISABLED = "1";
  applyLocalSecrets();

  let t = performance.now();
  run.server = await resolveDatabase({ purpose: "test", quiet: true });
  await dropStaleScratchDatabases(run.server);
  run.scratch = await createScratchDatabase(run.server.url, "clinic_bench");
  await applyMigrations({ url: run.scratch.url });
  await seed(run.scratch.url);
  // The server runs as the app's own login, as in production (docs/operations.md, "Database").
  const appDatabaseUrl = await prepareAppLogin(run.scratch.url, { ...process.env, APP_DATABASE_URL: "" });
  results.prepare.databaseSeconds = secondsSince(t);
  results.prepare.database = run.server.embedded ? "embedded PostgreSQL (test profile)" : "DATABASE_URL server";
  console.log(`database: scratch ${run.scratch.name} on the ${results.prepare.database}, migrated and seeded in ${results.prepare.databaseSeconds} s`);

  // Payments go to the local sandbox; TRUST_PROXY lets the pay step give each simulated
  // patient their own client address (X-Forwarded-For), as behind a load balancer, so the
  // per-address hold limit does not turn the contention measurement into a throttling one.
  delete process.env.STRIPE_SECRET_KEY;
  run.sandbox = await startStripeSandbox({ host: HOST, port: 0, webhookSecret: webhookSecret(), webhookUrl: `${BASE}/api/webhooks/stripe`, log: () => {} });
  /** @type {NodeJS.ProcessEnv} */
  const appEnv = { ...process.env, APP_DATABASE_URL: appDatabaseUrl, NEXT_DIST_DIR: DIST_DIR, SITE_URL: `http://${HOST}:${APP_PORT}`, STRIPE_SANDBOX_URL: run.sandbox.url, TRUST_PROXY: "true" };
  delete appEnv.DATABASE_URL;
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
    run.nextStaticPath = "/_next/static/bench/home.html";
  }

  t = performance.now();
  const app = spawnTracked("serve.mjs", ["server/serve.mjs", "--port", String(APP_PORT), "--hostname", HOST], { env: appEnv });
  await waitForHealth(`${BASE}/api/health`, { timeoutMs: 60_000, child: app });
  results.prepare.serverReadySeconds = secondsSince(t);
  console.log(`server: server/serve.mjs on ${BASE}, healthy after ${results.prepare.serverReadySeconds} s`);
}

/** @param {number} t a performance.now() reading */
export function secondsSince(t) {
  return +((performance.now() - t) / 1000).toFixed(2);
}

/**
 * `fn` run with `vars` set in the environment, then the environment as it was.
 * @template T
 * @param {Record<string, string | undefined>} vars
 * @param {() => T} fn
 */
function withEnv(vars, fn) {
  const restore = setEnv(vars);
  try {
    return fn();
  } finally {
    restore();
  }
}

// A bench interrupted with Ctrl-C in a terminal loses its database with it (PostgreSQL is
// in the terminal's process group), so its scratch database survives. Drop those whose
// owning process is gone, on local servers only.
/** @param {{ url: string }} server */
async function dropStaleScratchDatabases({ url }) {
  const admin = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(admin.hostname)) return;
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    /** @type {import("pg").QueryResult<{ datname: string }>} */
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'clinic\\_bench\\_%'");
    for (const { datname } of rows) {
      const pid = Number(datname.split("_").pop());
      if (pid && isAlive(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS "${datname}_app"`);
      console.log(`database: dropped ${datname}, left behind by an interrupted bench`);
    }
  } finally {
    await client.end();
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}
