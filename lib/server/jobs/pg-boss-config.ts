import "server-only";
import type PgBoss from "pg-boss";
import { env } from "@/lib/env";
import type { JobDefinition } from "./define-job";

// pg-boss keeps its tables in this schema of the application's database (created and
// migrated by PgBoss#start, under an advisory lock, so several instances may start at once).
export const JOBS_SCHEMA = "pgboss";

/** Connection and housekeeping settings shared by the enqueuing side and the workers. */
export function pgBossConfig(overrides: PgBoss.ConstructorOptions = {}): PgBoss.ConstructorOptions {
  return {
    connectionString: env().DATABASE_URL,
    schema: JOBS_SCHEMA,
    application_name: "clinic-jobs",
    // Finished jobs are archived after a day and deleted after two weeks: enough to investigate.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 14,
    ...overrides,
  };
}

/** The queue row pg-boss needs before a job of this kind can be inserted. */
export function queueOptions(definition: JobDefinition<unknown>): PgBoss.Queue {
  const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = definition.options;
  return { name: definition.name, policy: "standard", retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
}

/** Creates the queue, or brings an existing one's retry settings up to date. Safe to call twice. */
export async function ensureQueue(boss: PgBoss, definition: JobDefinition<unknown>) {
  const options = queueOptions(definition);
  const existing = await boss.getQueue(definition.name);
  if (!existing) {
    await boss.createQueue(definition.name, options);
    return;
  }
  if (existing.retryLimit !== options.retryLimit || existing.retryDelay !== options.retryDelay || existing.retryBackoff !== options.retryBackoff || existing.expireInSeconds !== options.expireInSeconds) {
    await boss.updateQueue(definition.name, options);
  }
}
