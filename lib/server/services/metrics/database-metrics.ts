import "server-only";
import { gauge } from "@/lib/metrics/registry.mjs";
import { databasePoolStats, db } from "@/lib/server/core/db/client";
import { Prisma } from "@/lib/server/core/db/generated/client";
import { JOBS_SCHEMA } from "@/lib/server/services/jobs/pg-boss-config";
import { logger } from "@/lib/server/core/log/logger";

// Gauges read at scrape time, one query per family, each under a short statement timeout so
// a slow or unreachable database makes the family disappear from that scrape (and
// clinic_database_up 0) instead of hanging Prometheus. Every query counts rows through an
// index; no label carries a record's id or anything a patient wrote.

const QUERY_TIMEOUT_MS = 2_000;

async function query<T>(sql: Prisma.Sql): Promise<T[]> {
  const [, rows] = await db.$transaction([db.$executeRawUnsafe(`SET LOCAL statement_timeout = ${QUERY_TIMEOUT_MS}`), db.$queryRaw<T[]>(sql)]);
  return rows;
}

// One query feeds two gauges: both collects of one scrape share its answer.
function sharedPerScrape<T>(read: () => Promise<T>, ttlMs = 1_000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) last = { at: Date.now(), value: read() };
    return last.value;
  };
}

async function collectSafely(family: string, metric: { reset(): void }, collect: () => Promise<void>) {
  try {
    await collect();
  } catch (error) {
    metric.reset();
    // The error's name and code only: a driver message may quote the query's values.
    const code = (error as { code?: unknown; meta?: { code?: unknown } }).meta?.code ?? (error as { code?: unknown }).code;
    logger.warn(`metrics: ${family} not collected: ${error instanceof Error ? error.name : "error"}${typeof code === "string" ? ` (${code})` : ""}`);
  }
}

// Review kinds and their 24-hour promise: a prescription request from its payment
// (submittedAt; lib/server/prescriptions/prescription-payment-handler.ts, REVIEW_PROMISE_HOURS),
// an order awaiting the pharmacist from its payment, a submitted check-in from its submission.
// A request waiting on the patient's answer is still undecided, as the overdue alert counts it
// (lib/server/prescriptions/raise-overdue-alert.ts).
const REVIEWS_PAST_PROMISE = Prisma.sql`
  SELECT 'prescription_request' AS kind, count(*)::int AS count FROM prescription_requests
    WHERE status IN ('SUBMITTED', 'IN_REVIEW', 'AWAITING_PATIENT') AND submitted_at < now() - interval '24 hours'
  UNION ALL
  SELECT 'order', count(*)::int FROM orders WHERE status = 'AWAITING_PHARMACIST' AND paid_at < now() - interval '24 hours'
  UNION ALL
  SELECT 'check_in', count(*)::int FROM check_ins WHERE status = 'SUBMITTED' AND submitted_at < now() - interval '24 hours'`;

// A renewal waits on its check-in while the check-in is unanswered (DUE) or unreviewed
// (SUBMITTED) and the subscription is live.
const RENEWALS_WAITING = Prisma.sql`
  SELECT count(*)::int AS count FROM check_ins c JOIN subscriptions s ON s.id = c.subscription_id
  WHERE c.status IN ('DUE', 'SUBMITTED') AND s.status IN ('ACTIVE', 'TRIALING', 'PAST_DUE') AND s.ended_at IS NULL`;

// Jobs ready to run and not yet taken (pg-boss's job_i5 index: name, start_after, state < active);
// a job scheduled for later (a review's deadline alert) is not waiting until its time comes.
const JOB_QUEUES = Prisma.sql`
  SELECT q.name AS queue, count(j.id)::int AS depth,
         COALESCE(EXTRACT(epoch FROM now() - min(j.start_after)), 0)::float8 AS "oldestSeconds"
  FROM ${Prisma.raw(JOBS_SCHEMA)}.queue q
  LEFT JOIN ${Prisma.raw(JOBS_SCHEMA)}.job j ON j.name = q.name AND j.state < 'active' AND j.start_after <= now()
  GROUP BY q.name`;

/** Registers this process's database-backed gauges (once; safe to call again). */
export function registerDatabaseMetrics(): void {
  gauge({
    name: "clinic_database_up",
    help: "1 when this process reached PostgreSQL within the timeout at scrape time, else 0.",
    async collect() {
      try {
        await query(Prisma.sql`SELECT 1`);
        this.set(1);
      } catch {
        this.set(0);
      }
    },
  });

  gauge({
    name: "clinic_database_pool_connections",
    help: "This process's PostgreSQL pool: connections in use and idle.",
    labelNames: ["state"],
    collect() {
      const { inUse, idle } = databasePoolStats();
      this.set({ state: "in_use" }, inUse);
      this.set({ state: "idle" }, idle);
    },
  });
  gauge({
    name: "clinic_database_pool_waiting",
    help: "Queries of this process waiting for a free PostgreSQL pool connection.",
    collect() {
      this.set(databasePoolStats().waiting);
    },
  });

  const readQueues = sharedPerScrape(() => query<{ queue: string; depth: number; oldestSeconds: number }>(JOB_QUEUES));
  gauge({
    name: "clinic_job_queue_depth",
    help: "Jobs ready to run and not yet started, per queue.",
    labelNames: ["queue"],
    collect() {
      return collectSafely("job queue depth", this, async () => {
        for (const row of await readQueues()) this.set({ queue: row.queue }, row.depth);
      });
    },
  });
  gauge({
    name: "clinic_job_queue_oldest_age_seconds",
    help: "How long the oldest ready job of each queue has waited to start (0: none waiting).",
    labelNames: ["queue"],
    collect() {
      return collectSafely("job queue age", this, async () => {
        for (const row of await readQueues()) this.set({ queue: row.queue }, row.oldestSeconds);
      });
    },
  });

  gauge({
    name: "clinic_review_cases_past_promise",
    help: "Cases waiting for staff review longer than the 24-hour promise, per kind.",
    labelNames: ["kind"],
    collect() {
      return collectSafely("review cases past promise", this, async () => {
        for (const row of await query<{ kind: string; count: number }>(REVIEWS_PAST_PROMISE)) this.set({ kind: row.kind }, row.count);
      });
    },
  });

  gauge({
    name: "clinic_renewals_waiting_on_check_in",
    help: "Renewals of live subscriptions waiting on a check-in the patient has not sent or a prescriber has not reviewed.",
    collect() {
      return collectSafely("renewals waiting on a check-in", this, async () => {
        const [row] = await query<{ count: number }>(RENEWALS_WAITING);
        this.set(row?.count ?? 0);
      });
    },
  });
}
