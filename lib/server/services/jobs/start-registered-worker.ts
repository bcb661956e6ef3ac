import "server-only";
import { closeJobQueue } from "./job-queue";
import type { JobDefinition } from "./define-job";
import { startJobWorker, type JobWorker } from "./start-job-worker";
import { env } from "@/lib/env";
import { logger } from "@/lib/server/core/log/logger";

// clinicJobWorkerStopped: set once a stop has begun; server/serve.mjs waits for it before exiting.
const globalForWorker = globalThis as unknown as { clinicJobWorker?: Promise<JobWorker>; clinicJobWorkerStopped?: Promise<void> };

/**
 * Starts this process's worker for every registered job (once per process, however often
 * called) and stops it gracefully on SIGTERM/SIGINT: running jobs get `graceMs` to finish,
 * unfinished ones are released for another worker's retry.
 */
export function startRegisteredWorker(
  registeredJobs: JobDefinition<unknown>[],
  { graceMs = 20_000, onStopped }: { graceMs?: number; onStopped?: () => Promise<void> } = {},
): Promise<JobWorker> {
  if (globalForWorker.clinicJobWorker) return globalForWorker.clinicJobWorker;
  const started = startJobWorker(registeredJobs, { maintenanceIntervalSeconds: env().JOB_MAINTENANCE_INTERVAL_SECONDS });
  globalForWorker.clinicJobWorker = started;
  started.then(
    () => logger.info(`jobs: worker running (${registeredJobs.map((job) => job.name).join(", ")})`),
    () => (globalForWorker.clinicJobWorker = undefined),
  );
  const stop = (signal: NodeJS.Signals) => {
    globalForWorker.clinicJobWorkerStopped ??= (async () => {
      logger.info(`jobs: ${signal} received, stopping the worker`);
      try {
        await (await started).stop({ timeoutMs: graceMs });
        await closeJobQueue();
      } catch (error) {
        logger.error(`jobs: the worker did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
      }
      await onStopped?.();
    })();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return started;
}
