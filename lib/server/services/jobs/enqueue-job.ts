import "server-only";
import type PgBoss from "pg-boss";
import type { Tx } from "@/lib/server/core/db/client";
import type { JobDefinition } from "./define-job";
import { ensureJobQueue, getJobQueue } from "./job-queue";
import { withRequestId } from "./job-request-id";
import { currentRequestOrigin } from "@/lib/server/core/log/logger";

export type EnqueueOptions = {
  /** The caller's interactive transaction: the job exists only if it commits. */
  tx?: Tx;
  /** Run no earlier than this (e.g. a review's 24-hour deadline). */
  startAfter?: Date;
  /** With a key, a second job of this kind with the same key is not added while one waits or runs. */
  singletonKey?: string;
};

/**
 * Queues a job; returns its id, or null when singletonKey matched a queued job. With `tx` the
 * job row is written through that transaction (pg-boss's `db` option), so the job and the
 * state change it follows commit or roll back together. Without, it commits on its own.
 */
export async function enqueueJob<Data>(definition: JobDefinition<Data>, data: Data, options: EnqueueOptions = {}): Promise<string | null> {
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) throw new Error(`Job ${definition.name}: invalid data (${parsed.error.issues.map((issue) => issue.path.join(".") || "data").join(", ")})`);
  await ensureJobQueue(definition as JobDefinition<unknown>);
  const boss = await getJobQueue();
  const id = await boss.send(definition.name, withRequestId(parsed.data as object, currentRequestOrigin()), {
    ...(options.tx ? { db: transactionExecutor(options.tx) } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });
  if (id === null && !options.singletonKey) throw new Error(`Job ${definition.name} was not queued (its queue is missing).`);
  return id;
}

/** pg-boss's database interface on top of a Prisma interactive transaction. */
function transactionExecutor(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const rows = await tx.$queryRawUnsafe<unknown[]>(text, ...values.map(toParameter));
      return { rows };
    },
  };
}

// pg hands objects to PostgreSQL as JSON and undefined as NULL; Prisma's raw parameters do not.
function toParameter(value: unknown) {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}
