import "server-only";
import PgBoss from "pg-boss";
import type { JobDefinition } from "./define-job";
import { CRON_QUEUE, ensureQueue, pgBossConfig } from "./pg-boss-config";

/**
 * Creates or migrates pg-boss's schema and creates every registered queue (each is a partition
 * of pg-boss's job table: a schema change), on the owner's login (`connectionString`). Run
 * before the app starts, by server/install-job-queues.ts; the app's login cannot do either.
 * Safe to run twice and from several processes at once.
 */
export async function installJobQueues(definitions: JobDefinition<unknown>[], connectionString: string) {
  const boss = new PgBoss(pgBossConfig({ connectionString, migrate: true, supervise: false, schedule: false, max: 2, application_name: "clinic-migrate" }));
  boss.on("error", () => undefined); // a failure surfaces from start() or ensureQueue()
  await boss.start();
  try {
    // One at a time: pg-boss attaches a partition per new queue, and two at once can deadlock.
    for (const definition of definitions) await ensureQueue(boss, definition);
    // The workers' cron (start-job-worker.ts) sends scheduled jobs through this queue.
    if (!(await boss.getQueue(CRON_QUEUE))) await boss.createQueue(CRON_QUEUE);
  } finally {
    await boss.stop({ graceful: false });
  }
}
