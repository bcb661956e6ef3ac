import "server-only";

/** Rows deleted, by table. */
export type DeletedRows = Record<string, number>;

/** One line of the retention policy (retention-policy.ts). */
export type RetentionRule = {
  /** The table whose rows the rule deletes; named in the run's log line and in docs/architecture.md. */
  table: string;
  /** Other tables whose rows go with the table's (the app's login needs DELETE there too). */
  alsoDeletes?: string[];
  /** A smaller batch for a rule whose batch also does slower work (deleting stored files). */
  maxBatch?: number;
  /** How long a row is kept after the moment its age is counted from (retention-periods.ts). */
  keepMs: number;
  /**
   * Deletes at most `limit` rows due before `cutoff`, in one short transaction that skips rows
   * another transaction holds (FOR UPDATE SKIP LOCKED), and says how many went from each table
   * (`table` first; rows deleted with them, e.g. a hold's unpaid payment, under their own).
   * Safe to run twice and concurrently.
   */
  deleteBatch(cutoff: Date, limit: number): Promise<DeletedRows>;
};

export type RetentionRunOptions = {
  /** The clock the periods count back from. */
  now?: Date;
  batchSize?: number;
  /** Work no longer than this; what is left waits for the next run. */
  budgetMs?: number;
  /** Measures the budget (tests pass their own). */
  elapsedClock?: () => number;
};

export type RetentionRunResult = { deleted: DeletedRows; finished: boolean };

const RETENTION_BATCH_SIZE = 1_000;
/** Well inside the job's 5-minute attempt, so a run is never retried for taking long. */
const RETENTION_BUDGET_MS = 60_000;

/**
 * Applies each rule in turn, batch after batch, until a batch comes back short (nothing more
 * is due) or the time budget is spent: then `finished` is false and the caller queues another
 * run. Each batch is its own transaction, so no lock is held between batches.
 */
export async function runRetentionRules(rules: RetentionRule[], options: RetentionRunOptions = {}): Promise<RetentionRunResult> {
  const { now = new Date(), batchSize = RETENTION_BATCH_SIZE, budgetMs = RETENTION_BUDGET_MS, elapsedClock = Date.now } = options;
  const deadline = elapsedClock() + budgetMs;
  const deleted: DeletedRows = Object.fromEntries(rules.flatMap((rule) => [rule.table, ...(rule.alsoDeletes ?? [])]).map((table) => [table, 0]));
  for (const rule of rules) {
    const cutoff = new Date(now.getTime() - rule.keepMs);
    const limit = Math.min(batchSize, rule.maxBatch ?? batchSize);
    for (;;) {
      if (elapsedClock() >= deadline) return { deleted, finished: false };
      const batch = await rule.deleteBatch(cutoff, limit);
      for (const [table, count] of Object.entries(batch)) deleted[table] = (deleted[table] ?? 0) + count;
      if ((batch[rule.table] ?? 0) < limit) break;
    }
  }
  return { deleted, finished: true };
}
