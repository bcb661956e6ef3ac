// `npm run worker`: the background-jobs worker on its own, for deployments that run it apart
// from the web server (docker-compose's `worker` service; set RUN_WORKER=false on the web
// side to run jobs only here). Several may run at once. Stops gracefully on SIGTERM.
//
// Run through tsx with the react-server condition, so `import "server-only"` and the `@/`
// alias resolve as they do in the Next.js server:
//   node --conditions=react-server --import tsx server/worker.ts
import fs from "node:fs";
import { applyLocalSecrets } from "./runtime/local-secrets.mjs";
import { assertReachable, DatabaseUnreachableError, resolveDatabase } from "./runtime/database.mjs";
import { localAppDatabaseUrl } from "./runtime/app-role.mjs";
import { metricsPort, startMetricsServer } from "../lib/metrics/metrics-server.mjs";
import { startTracing, stopTracing } from "../lib/tracing/start-tracing.mjs";

// No top-level await: tsx runs this file as CommonJS (package.json has no "type").
async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  applyLocalSecrets();
  // Locally (no Stripe key) the app talks to the payment sandbox that `npm start` runs.
  if (!process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SANDBOX_URL) {
    process.env.STRIPE_SANDBOX_URL = `http://${process.env.STRIPE_SANDBOX_HOST || "127.0.0.1"}:${process.env.STRIPE_SANDBOX_PORT || 12111}`;
  }

  // It connects as the app's own login: APP_DATABASE_URL, else (a local run) the role that
  // `npm start` or `npm run db:migrate` made, on DATABASE_URL's server or the embedded one.
  let database: { url: string; stop: () => Promise<void> };
  try {
    if (process.env.APP_DATABASE_URL) {
      await assertReachable(process.env.APP_DATABASE_URL);
      database = { url: process.env.APP_DATABASE_URL, stop: async () => {} };
    } else {
      if (process.env.APP_ENV === "production") throw new DatabaseUnreachableError("APP_DATABASE_URL is required in production: the app's own database login (docs/operations.md, \"Database\").");
      const owner = await resolveDatabase({ purpose: "app" });
      database = { url: localAppDatabaseUrl(owner.url), stop: owner.stop };
    }
  } catch (error) {
    const message = (error as Error).message;
    console.error(error instanceof DatabaseUnreachableError ? message : `Could not start the database: ${message}`);
    process.exit(1);
  }
  process.env.APP_DATABASE_URL = database.url;
  delete process.env.DATABASE_URL;

  const { env, EnvError } = await import("@/lib/env");
  try {
    env();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    await database.stop();
    process.exit(1);
  }

  // Job spans in the traces of the requests that queued them, when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/tracing).
  await startTracing();
  const { startRegisteredWorker } = await import("@/lib/server/services/jobs/start-registered-worker");
  const { registeredJobs } = await import("@/lib/server/plugins");
  try {
    await startRegisteredWorker(registeredJobs, {
      onStopped: async () => {
        await stopTracing().catch(() => {});
        await database.stop();
        process.exit(0);
      },
    });
  } catch (error) {
    console.error(`The worker could not start: ${(error as Error).message}`);
    await database.stop();
    process.exit(1);
  }

  // Its own metrics (METRICS_PORT): the process's, the job queues', the review queue's.
  const port = metricsPort();
  if (port !== null) {
    const { registerDatabaseMetrics } = await import("@/lib/server/services/metrics/database-metrics");
    registerDatabaseMetrics();
    await startMetricsServer({ port });
  }
}

void main();
