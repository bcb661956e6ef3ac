// A bad environment stops start-up with the variable's name instead of failing on the
// first request.
import { env, EnvError } from "./lib/env";
import { setRequestErrorHook } from "./lib/request-error-hook";
import { metricsPort } from "./lib/metrics/metrics-server.mjs";

try {
  env();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/**
 * Prepares the job queues, and runs the background-jobs worker inside the web server unless
 * RUN_WORKER=false (then `npm run worker` runs it as its own process). Never during `next build`.
 */
export async function startBackgroundWork() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { markIfDatabaseUnavailable } = await import("./lib/server/core/db/mark-unavailable");
  setRequestErrorHook(markIfDatabaseUnavailable);
  const { prepareJobQueues } = await import("./lib/server/services/jobs/prepare-job-queues");
  const { startRegisteredWorker } = await import("./lib/server/services/jobs/start-registered-worker");
  const { registeredJobs } = await import("./lib/server/plugins");
  // The database-backed gauges, when this server serves metrics (METRICS_PORT; server/serve.mjs).
  if (metricsPort() !== null) (await import("./lib/server/services/metrics/database-metrics")).registerDatabaseMetrics();
  try {
    await prepareJobQueues(registeredJobs);
    if (env().RUN_WORKER) await startRegisteredWorker(registeredJobs);
  } catch (error) {
    const { logger } = await import("./lib/server/core/log/logger");
    logger.error(`Background jobs could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
