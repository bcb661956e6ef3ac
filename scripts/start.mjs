// `npm start`: the whole shop on one command. Finds or starts the database, applies
// migrations, seeds the catalogue, starts the payment sandbox (without a Stripe key), builds
// when the build is missing or stale, and serves. `npm run dev` does the same with
// `next dev` and no build. `npm test` runs its browser journeys against this very script.
//
//   node scripts/start.mjs [--dev] [--hostname 0.0.0.0]
//   PORT (3000), NEXT_DIST_DIR (.next), DATABASE_URL (else the embedded database),
//   STRIPE_SANDBOX_PORT (12111; 0 = any free port)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { DatabaseUnreachableError, resolveDatabase } from "./lib/database.mjs";
import { isBuildCurrent, sourceHash, writeBuildStamp } from "./lib/build-stamp.mjs";
import { applyLocalSecrets } from "./lib/local-secrets.mjs";
import { applyMigrations } from "./db/engine.mjs";
import { seed } from "../prisma/seed.mjs";
import { startStripeSandbox } from "./stripe-sandbox/server.mjs";

const { values: options } = parseArgs({ options: { dev: { type: "boolean", default: false }, hostname: { type: "string" } } });
const dev = options.dev;
const distDir = process.env.NEXT_DIST_DIR || ".next";
if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NEXT_TELEMETRY_DISABLED = "1";
const port = process.env.PORT || "3000";
process.env.SITE_URL ??= `http://localhost:${port}`;
applyLocalSecrets();

const started = Date.now();
let database;
try {
  database = await resolveDatabase({ purpose: "app" });
} catch (error) {
  console.error(error instanceof DatabaseUnreachableError ? error.message : `Could not start the database: ${error.message}`);
  process.exit(1);
}
process.env.DATABASE_URL = database.url;

try {
  const applied = await applyMigrations({ url: database.url });
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  await seed(database.url);
} catch (error) {
  console.error(`Could not prepare the database: ${error.message}`);
  await database.stop();
  process.exit(1);
}
console.log(`Database ready and catalogue seeded in ${Date.now() - started} ms${database.embedded ? " (embedded PostgreSQL)" : ""}.`);

// Without a Stripe key, payments go to the local sandbox: Stripe's API for the calls we
// make, a hosted test checkout page, and signed webhooks to this app. Started before the
// build, which validates the configuration too.
let sandbox = null;
if (!process.env.STRIPE_SECRET_KEY) {
  sandbox = await startPaymentSandbox();
  process.env.STRIPE_SANDBOX_URL = sandbox.url;
  console.log(`Payments: local test sandbox at ${sandbox.url} (set STRIPE_SECRET_KEY to use Stripe).`);
}

if (!dev) {
  const hash = sourceHash();
  if (!isBuildCurrent(hash, distDir)) {
    console.log("Building the production bundle (first start or sources changed)...");
    const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: process.env });
    if (build.status !== 0) {
      console.error("The build failed; see the messages above.");
      await sandbox?.close();
      await database.stop();
      process.exit(1);
    }
    writeBuildStamp(hash, distDir);
  }
}

// scripts/serve.mjs: Next.js behind node:http, so client addresses cannot be spoofed.
const serveArgs = ["scripts/serve.mjs", ...(dev ? ["--dev"] : []), "--port", String(port), ...(options.hostname ? ["--hostname", options.hostname] : [])];
const server = spawn(process.execPath, serveArgs, { stdio: "inherit", env: process.env });

const shutdown = (signal) => server.kill(signal);
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.on("exit", async (code) => {
  await sandbox?.close().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(code ?? 0);
});

async function startPaymentSandbox() {
  const host = process.env.STRIPE_SANDBOX_HOST || "127.0.0.1";
  const options = (listenPort) => ({
    host,
    port: listenPort,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    // Where browsers reach the hosted checkout page (in a container: the published port).
    publicUrl: process.env.STRIPE_SANDBOX_PUBLIC_URL || (host === "0.0.0.0" ? `http://localhost:${listenPort}` : undefined),
  });
  try {
    return await startStripeSandbox(options(Number(process.env.STRIPE_SANDBOX_PORT || 12111)));
  } catch (error) {
    if (error.code !== "EADDRINUSE" || process.env.STRIPE_SANDBOX_PORT || host === "0.0.0.0") throw error;
    return startStripeSandbox(options(0)); // another copy is running: any free port
  }
}
