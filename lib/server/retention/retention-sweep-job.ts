import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/server/services/jobs/define-job";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { logger } from "@/lib/server/core/log/logger";
import { retentionPolicy } from "./retention-policy";
import { runRetentionRules, type RetentionRunOptions, type RetentionRunResult } from "./run-retention-rules";

/** Every hour, at seven minutes past (off the hour, when other periodic work tends to start). */
export const RETENTION_SWEEP_CRON = "7 * * * *";
/** A run that spent its budget with rows still due is continued this soon after. */
const CONTINUE_AFTER_MS = 10_000;

/**
 * Deletes what the retention policy says is due, in batches, and logs how many rows went
 * from each table (counts only). Safe to run twice and alongside another run: every batch
 * skips rows another transaction holds.
 */
export async function sweepRetention(options: RetentionRunOptions = {}): Promise<RetentionRunResult> {
  const started = Date.now();
  const result = await runRetentionRules(retentionPolicy, options);
  logger.info({ deleted: result.deleted, finished: result.finished, ms: Date.now() - started }, "retention: sweep done");
  return result;
}

/** One run of the job: sweeps, and when the budget ran out first queues the next run. Returns what it deleted. */
export async function sweepAndContinue(options: RetentionRunOptions = {}): Promise<RetentionRunResult> {
  const result = await sweepRetention(options);
  if (!result.finished) await enqueueJob(retentionSweepJob, {}, { startAfter: new Date(Date.now() + CONTINUE_AFTER_MS) });
  return result;
}

/**
 * retention.sweep: scheduled hourly on pg-boss's cron (one job per tick across all workers and
 * instances, start-job-worker.ts). When the time budget runs out first, it queues its own
 * continuation, so a backlog is worked off in bounded runs rather than one long one.
 */
export const retentionSweepJob = defineJob(
  "retention.sweep",
  z.object({}),
  async () => sweepAndContinue(),
  { cron: RETENTION_SWEEP_CRON, concurrency: 1, retryLimit: 2, retryDelaySeconds: 60 },
);
