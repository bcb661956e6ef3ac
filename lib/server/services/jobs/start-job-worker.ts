import "server-only";
import PgBoss from "pg-boss";
import type { JobDefinition } from "./define-job";
import { ensureQueue, pgBossConfig } from "./pg-boss-config";
import { logContext, logger } from "@/lib/server/core/log/logger";
import { withoutRequestId } from "./job-request-id";
import { activeTracing } from "@/lib/tracing/active-tracing.mjs";

export type JobWorker = {
  /** Stops fetching, waits up to `timeoutMs` for running jobs, then releases them for a retry. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
};

export type WorkerOptions = { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number };

/**
 * Runs jobs of the given kinds until stopped. Any number of workers (processes or instances)
 * may run at once: pg-boss hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED), and
 * its maintenance, run by one of them at a time, fails and retries jobs whose worker died.
 * A definition with a `cron` is scheduled: pg-boss's timekeeper runs in every worker, but only
 * the one that wins the tick (an atomic update of `pgboss.version.cron_on`) sends the job, and
 * the send is a singleton per minute, so each tick queues one job however many workers run.
 */
export async function startJobWorker(definitions: JobDefinition<unknown>[], options: WorkerOptions = {}): Promise<JobWorker> {
  const boss = new PgBoss(
    pgBossConfig({
      supervise: true,
      schedule: true,
      max: Math.min(20, 3 + definitions.reduce((sum, definition) => sum + definition.options.concurrency, 0)),
      ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
    }),
  );
  boss.on("error", (error: Error) => logger.error(`jobs: worker error: ${error.message}`));
  await boss.start();
  for (const definition of definitions) {
    await ensureQueue(boss, definition);
    // Data {} rather than none: the job's schema parses it like any other job's data.
    if (definition.options.cron) await boss.schedule(definition.name, definition.options.cron, {}, { tz: "UTC" });
    for (let slot = 0; slot < definition.options.concurrency; slot++) {
      let workerId = "";
      const work = async ([job]: PgBoss.JobWithMetadata[]) => {
        if (!job) return undefined;
        // pg-boss waits a polling interval after every fetch; while jobs keep coming, fetch
        // the next one at once instead.
        boss.notifyWorker(workerId);
        return runJob(definition, job);
      };
      workerId = await boss.work(definition.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, work);
    }
  }
  return {
    stop: ({ timeoutMs = 20_000 } = {}) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
  };
}

async function runJob(definition: JobDefinition<unknown>, job: PgBoss.JobWithMetadata) {
  // Every line logged while the job runs carries the job and the request that queued it.
  // With tracing on (lib/tracing), the attempt is a span in the trace of that request.
  const { data, requestId, traceparent } = withoutRequestId(job.data);
  const tracing = activeTracing();
  const run = () => runJobLogged(definition, job, data);
  return logContext.run({ requestId, job: definition.name, jobId: job.id }, () =>
    tracing ? tracing.traceJob({ name: definition.name, traceparent, requestId, attempt: job.retryCount + 1 }, run) : run(),
  );
}

async function runJobLogged(definition: JobDefinition<unknown>, job: PgBoss.JobWithMetadata, data: unknown) {
  const attempt = job.retryCount + 1;
  const isLastAttempt = job.retryCount >= job.retryLimit;
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) {
    // Retrying cannot fix data that does not match the handler's schema.
    logger.error(`jobs: ${definition.name} ${job.id} has invalid data; discarded`);
    return { discarded: "invalid data" };
  }
  const started = Date.now();
  try {
    const result = (await definition.handler(parsed.data, { id: job.id, attempt, isLastAttempt })) ?? undefined;
    logger.info({ attempt, ms: Date.now() - started }, `jobs: ${definition.name} ${job.id} done`);
    return result;
  } catch (error) {
    // The error's message may name a person (an SMTP refusal quotes the address), so the log
    // gets its kind only; pg-boss keeps the full error with the job, in the database.
    const reason = describeError(error);
    if (isLastAttempt) logger.error(`jobs: ${definition.name} ${job.id} failed for good after ${attempt} attempts (${reason})`);
    else logger.warn(`jobs: ${definition.name} ${job.id} attempt ${attempt} failed (${reason}); will retry`);
    throw error;
  }
}

function describeError(error: unknown) {
  if (!(error instanceof Error)) return typeof error;
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return [error.name, typeof code === "string" ? code : null, typeof responseCode === "number" ? String(responseCode) : null].filter(Boolean).join(" ");
}
