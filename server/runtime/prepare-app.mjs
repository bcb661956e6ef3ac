// What `npm start` and `npm run cluster` do before serving: find or start the database, apply
// migrations, seed the catalogue and prepare the app's own database login (app-role.mjs), all
// as the owner (DATABASE_URL), start the payment sandbox (without a Stripe key), and build
// when the build is missing or stale. On failure it says why in one sentence and exits. The
// servers and the worker it starts get APP_DATABASE_URL and never the owner's URL
// (appProcessEnv).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { prepareAppLogin } from "./app-role.mjs";
import { DatabaseUnreachableError, resolveDatabase } from "./database.mjs";
import { isBuildCurrent, sourceHash, writeBuildStamp } from "./build-stamp.mjs";
import { applyLocalSecrets } from "./local-secrets.mjs";
import { rememberEnv } from "./process-env.mjs";
import { applyMigrations } from "./schema-engine.mjs";
import { seed } from "../../prisma/seed.mjs";

/** Reads .env (without overriding the environment) and fills in the local-only secrets. */
export function loadLocalEnvironment() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  applyLocalSecrets();
}

/**
 * @param {{ dev: boolean, distDir: string, webhookUrl: string }} options
 *   webhookUrl: where the sandbox posts its signed webhooks (the app, or the proxy in front).
 *   Afterwards process.env.APP_DATABASE_URL is the app's login; start its processes with appProcessEnv().
 *   close() puts back the DATABASE_URL, APP_DATABASE_URL and STRIPE_SANDBOX_URL it set, so the next
 *   app prepared in the same process (the bench's clusters) makes a login for its own database.
 * @returns {Promise<{ database: { url: string, embedded: boolean, stop: () => Promise<void> }, sandbox: { url: string, close: () => Promise<void> } | null, close: () => Promise<void> }>}
 */
export async function prepareApp({ dev, distDir, webhookUrl }) {
  const started = Date.now();
  const restoreEnv = rememberEnv(["DATABASE_URL", "APP_DATABASE_URL", "STRIPE_SANDBOX_URL"]);
  let database;
  try {
    database = await resolveDatabase({ purpose: "app" });
  } catch (error) {
    console.error(error instanceof DatabaseUnreachableError ? error.message : `Could not start the database: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
  process.env.DATABASE_URL = database.url;

  try {
    const applied = await applyMigrations({ url: database.url });
    if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
    await seed(database.url);
    process.env.APP_DATABASE_URL = await prepareAppLogin(database.url);
  } catch (error) {
    console.error(`Could not prepare the database: ${/** @type {Error} */ (error).message}`);
    await database.stop();
    process.exit(1);
  }
  console.log(`Database ready and catalogue seeded in ${Date.now() - started} ms${database.embedded ? " (embedded PostgreSQL)" : ""}.`);

  // Without a Stripe key, payments go to the local sandbox: Stripe's API for the calls we
  // make, a hosted test checkout page, and signed webhooks to this app. Started before the
  // build, which validates the configuration too.
  /** @type {{ url: string, close: () => Promise<void> } | null} */
  let sandbox = null;
  if (!process.env.STRIPE_SECRET_KEY) {
    sandbox = await startPaymentSandbox(webhookUrl);
    process.env.STRIPE_SANDBOX_URL = sandbox.url;
    console.log(`Payments: local test sandbox at ${sandbox.url} (set STRIPE_SECRET_KEY to use Stripe).`);
  }
  const close = async () => {
    await sandbox?.close().catch(() => {});
    await database.stop().catch(() => {});
    restoreEnv();
  };

  if (!dev) {
    const hash = sourceHash();
    if (!isBuildCurrent(hash, distDir)) {
      console.log("Building the production bundle (first start or sources changed)...");
      const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: distDir } });
      if (build.status !== 0) {
        console.error("The build failed; see the messages above.");
        await close();
        process.exit(1);
      }
      writeBuildStamp(hash, distDir);
    }
  }
  return { database, sandbox, close };
}

/**
 * The environment for a server or worker: the app's login only, not the owner's DATABASE_URL.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function appProcessEnv(env = process.env) {
  const appEnv = { ...env };
  delete appEnv.DATABASE_URL;
  return appEnv;
}

/** @param {string} webhookUrl */
async function startPaymentSandbox(webhookUrl) {
  // The one intended import from outside server/: the payment sandbox is a test double
  // (stripe-sandbox/), loaded only here, when `npm start`, `npm run cluster` or the image
  // build runs without STRIPE_SECRET_KEY (a documented feature: payments work out of the box
  // locally). The app image's serve.mjs never reaches it.
  const { startStripeSandbox } = await import("../../stripe-sandbox/server.mjs");
  const host = process.env.STRIPE_SANDBOX_HOST || "127.0.0.1";
  /** @param {number} listenPort */
  const options = (listenPort) => ({
    host,
    port: listenPort,
    // Refused by the sandbox unless a whsec_… (applyLocalSecrets makes one locally).
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "",
    webhookUrl,
    // Where browsers reach the hosted checkout page (in a container: the published port).
    publicUrl: process.env.STRIPE_SANDBOX_PUBLIC_URL || (host === "0.0.0.0" ? `http://localhost:${listenPort}` : undefined),
  });
  try {
    return await startStripeSandbox(options(Number(process.env.STRIPE_SANDBOX_PORT || 12111)));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EADDRINUSE" || process.env.STRIPE_SANDBOX_PORT || host === "0.0.0.0") throw error;
    return startStripeSandbox(options(0)); // another copy is running: any free port
  }
}
