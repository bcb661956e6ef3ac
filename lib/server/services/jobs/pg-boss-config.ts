import "server-only";
import type PgBoss from "pg-boss";
import { appDatabaseUrl, runsAsAppLogin } from "@/lib/env";
import type { JobDefinition } from "./define-job";

// pg-boss keeps its tables in this schema of the application's database. The owner's login
// creates and migrates it, with every registered queue (a queue is a table partition), before
// the app starts (install-job-queues.ts, run by npm start and npm run db:migrate); the app's own
// login cannot change a schema, so it only checks the version (migrate: false). Processes
// running as the owner (tests, scripts) still create it on first use.
export const JOBS_SCHEMA = "pgboss";

/**
 * pg-boss's own retention (docs/architecture.md, "Data retention"), run by its maintenance in the workers
 * (one worker at a time, under pg-boss's advisory lock). A finished job (completed, cancelled,
 * or failed for good) stays in `pgboss.job` for a day, then moves to `pgboss.archive`, where it
 * is deleted two weeks later: long enough to investigate a failure reported the next week.
 * Job data holds ids only (define-job.ts), so nothing personal is kept there meanwhile.
 */
const JOB_ARCHIVE_AFTER_SECONDS = 24 * 60 * 60;
export const JOB_DELETE_AFTER_DAYS = 14;

/**
 * pg-boss@10's internal queue through which its cron schedules send their jobs
 * (node_modules/pg-boss/src/timekeeper.js, QUEUES.SEND_IT). Like every queue it is a table
 * partition, so the owner creates it (install-job-queues.ts); the app's login only uses it.
 */
export const CRON_QUEUE = "__pgboss__send-it";

/** Connection and housekeeping settings shared by the enqueuing side and the workers. */
export function pgBossConfig(overrides: PgBoss.ConstructorOptions = {}): PgBoss.ConstructorOptions {
  return {
    connectionString: appDatabaseUrl(),
    schema: JOBS_SCHEMA,
    application_name: "clinic-jobs",
    migrate: !runsAsAppLogin(),
    archiveCompletedAfterSeconds: JOB_ARCHIVE_AFTER_SECONDS,
    archiveFailedAfterSeconds: JOB_ARCHIVE_AFTER_SECONDS,
    deleteAfterDays: JOB_DELETE_AFTER_DAYS,
    ...overrides,
  };
}

/** The queue row pg-boss needs before a job of this kind can be inserted. */
function queueOptions(definition: JobDefinition<unknown>): PgBoss.Queue {
  const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = definition.options;
  return { name: definition.name, policy: "standard", retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
}

/**
 * Creates the queue, or brings an existing one's retry settings up to date. Safe to call twice,
 * and from several processes at once: creating a queue attaches a partition to pg-boss's job
 * table, which can deadlock with another process doing the same, so that is retried.
 */
export async function ensureQueue(boss: PgBoss, definition: JobDefinition<unknown>, attempt = 1): Promise<void> {
  const options = queueOptions(definition);
  const existing = await boss.getQueue(definition.name);
  if (!existing) {
    try {
      await boss.createQueue(definition.name, options);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 40P01 deadlock, 23505 another process created it first, 42P07 its partition exists.
      if (attempt >= 5 || !["40P01", "23505", "42P07"].includes(code ?? "")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      return ensureQueue(boss, definition, attempt + 1);
    }
    return;
  }
  if (existing.retryLimit !== options.retryLimit || existing.retryDelay !== options.retryDelay || existing.retryBackoff !== options.retryBackoff || existing.expireInSeconds !== options.expireInSeconds) {
    await boss.updateQueue(definition.name, options);
  }
}
