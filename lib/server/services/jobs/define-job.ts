import "server-only";
import type { z } from "zod";

/** What a handler learns about the run it is in. */
type JobRun = { id: string; attempt: number; isLastAttempt: boolean };

export type JobOptions = {
  /** Retries after the first attempt before the job fails for good. */
  retryLimit: number;
  /** Seconds before the first retry; with retryBackoff each retry waits about twice as long. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An attempt still running after this long counts as failed (and is retried). */
  expireInSeconds: number;
  /** Jobs of this kind one worker process runs at the same time. */
  concurrency: number;
  /**
   * Periodic work: a cron expression (UTC). The workers register it with pg-boss's scheduler,
   * which sends one job per tick however many workers and app instances run (start-job-worker.ts).
   */
  cron?: string;
};

export type JobDefinition<Data> = {
  name: string;
  schema: z.ZodType<Data>;
  /** Must be safe to run twice: a crash between the work and its acknowledgement repeats it. */
  handler: (data: Data, run: JobRun) => Promise<void | Record<string, unknown>>;
  options: JobOptions;
};

export const defaultJobOptions: JobOptions = {
  retryLimit: 8,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 2,
};

/**
 * Declares a kind of job. The owning domain keeps the definition beside its handler, enqueues
 * with it (enqueueJob) and lists it once in lib/server/plugins.ts so that workers run it. Job data is
 * stored in the queue table and kept for days: ids only, never health data or email bodies.
 */
export function defineJob<Schema extends z.ZodType>(
  name: string,
  schema: Schema,
  handler: JobDefinition<z.output<Schema>>["handler"],
  options: Partial<JobOptions> = {},
): JobDefinition<z.output<Schema>> {
  if (!/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/.test(name)) throw new Error(`Job name "${name}" must be lower-case words joined by dots or hyphens.`);
  return { name, schema: schema as z.ZodType<z.output<Schema>>, handler, options: { ...defaultJobOptions, ...options } };
}
