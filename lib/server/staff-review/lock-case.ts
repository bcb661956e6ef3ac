import "server-only";
import { Prisma } from "@/lib/server/core/db/generated/client";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { LockedCase, ReviewKind } from "./types";

/**
 * Options for every transaction that takes a review lock: a decline holds it across the
 * payment provider's refund call, so a transaction waiting behind one must outlast it.
 */
const REVIEW_TRANSACTION = { timeout: 35_000, maxWait: 10_000 } as const;

/**
 * Locks the row (SELECT … FOR UPDATE) for the rest of the transaction and reads it afresh
 * under the lock: every staff write takes this lock first, so two members of staff acting at
 * once are serialised and the second sees the first's result. A missing row, or one the kind
 * hides from staff (unpaid), is 404.
 */
async function lockCase<T extends LockedCase>(tx: Tx, kind: ReviewKind<T>, id: string): Promise<T> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM ${Prisma.raw(kind.table)} WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new AppError("not_found", kind.notFound);
  // A new statement after the lock: READ COMMITTED sees whatever the previous holder committed.
  const row = await kind.readLocked(tx, id);
  if (!row) throw new AppError("not_found", kind.notFound);
  return row;
}

/** Runs `work` in one transaction under the record's lock. */
export async function withCaseLock<T extends LockedCase, R>(kind: ReviewKind<T>, id: string, work: (tx: Tx, found: T) => Promise<R>): Promise<R> {
  return db.$transaction(async (tx) => work(tx, await lockCase(tx, kind, id)), REVIEW_TRANSACTION);
}
