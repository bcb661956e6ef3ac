import "server-only";
import PgBoss from "pg-boss";
import type { PoolConfig } from "pg";
import type { JobDefinition } from "./define-job";
import { ensureQueue, pgBossConfig } from "./pg-boss-config";
import { logger } from "@/lib/server/core/log/logger";

// The enqueuing side: a pg-boss instance that runs no jobs and no maintenance, started on
// first use in any process that enqueues (web server, worker, tests). As the owner (tests,
// scripts) starting it creates or migrates pg-boss's schema; the app's own login finds it
// made by install-job-queues.ts (pg-boss-config.ts).
type State = { boss?: Promise<PgBoss>; queues: Map<string, Promise<void>> };
const globalForJobs = globalThis as unknown as { clinicJobQueue?: State };
const state: State = (globalForJobs.clinicJobQueue ??= { queues: new Map() });

export function getJobQueue(): Promise<PgBoss> {
  state.boss ??= startQueue().catch((error: unknown) => {
    state.boss = undefined; // let the next call try again
    throw error;
  });
  return state.boss;
}

async function startQueue() {
  // pg-boss hands its options on to pg.Pool, whose allowExitOnIdle (not in pg-boss's types)
  // lets a process whose only work left is this pool's idle connections end: a script or a
  // jest worker that enqueued a job exits at once instead of after pg's 10 s idle timeout (jest
  // force-killed such workers). A server is kept alive by its listener all the same.
  const options: PgBoss.ConstructorOptions & Pick<PoolConfig, "allowExitOnIdle"> = { ...pgBossConfig({ supervise: false, schedule: false, max: 2 }), allowExitOnIdle: true };
  const boss = new PgBoss(options);
  boss.on("error", (error: Error) => logger.error(`jobs: queue connection error: ${error.message}`));
  await boss.start();
  return boss;
}

/**
 * Makes sure the definition's queue exists, once per process. It runs on the queue's own
 * connections, outside any caller's transaction: a rolled-back caller never drops a queue.
 */
export function ensureJobQueue(definition: JobDefinition<unknown>): Promise<void> {
  let ready = state.queues.get(definition.name);
  if (!ready) {
    ready = getJobQueue()
      .then((boss) => ensureQueue(boss, definition))
      .catch((error: unknown) => {
        state.queues.delete(definition.name);
        throw error;
      });
    state.queues.set(definition.name, ready);
  }
  return ready;
}

/** Closes the enqueuing side's connections (scripts and tests that want to exit promptly). */
export async function closeJobQueue() {
  const boss = await state.boss?.catch(() => undefined);
  state.boss = undefined;
  state.queues.clear();
  await boss?.stop({ graceful: false });
}
