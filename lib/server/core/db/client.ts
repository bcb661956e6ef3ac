import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { appDatabaseUrl, env } from "@/lib/env";
import { APP_CONNECTION_OPTIONS } from "./connection-options";
import { PrismaClient } from "./generated/client";

// One client per process; in development the module is re-evaluated on every edit,
// so the instance is kept on globalThis to avoid exhausting connections.
const globalForDb = globalThis as unknown as { db?: PrismaClient; dbPool?: pg.Pool };

function createClient(pool: pg.Pool) {
  // The pool is ours (not the adapter's own) so that its counts can be read for the metrics
  // (databasePoolStats); $disconnect still ends it.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // An interactive transaction waits for a connection as long as a single query does (the
  // pool's 5 s), not Prisma's default 2 s; either way a busy pool answers 503, not 500.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: POOL_WAIT_MS } });
}

/** How long a query or a transaction waits for one of the pool's connections. */
const POOL_WAIT_MS = 5_000;

function createPool() {
  const { DATABASE_POOL_SIZE, PGAPPNAME } = env();
  // A request waits at most 5 s for a connection (the database down, the pool busy): then it
  // fails, and the API answers 503 (lib/server/core/db/database-unavailable.ts) instead of hanging.
  // Named in pg_stat_activity (PGAPPNAME; npm run cluster sets one per instance); planned for
  // SSD storage (./connection-options.ts). Idle connections alone do not keep a process alive
  // (allowExitOnIdle): a script or jest worker that never disconnects still ends.
  return new pg.Pool({
    connectionString: appDatabaseUrl(),
    max: DATABASE_POOL_SIZE,
    connectionTimeoutMillis: POOL_WAIT_MS,
    application_name: PGAPPNAME,
    options: APP_CONNECTION_OPTIONS,
    allowExitOnIdle: true,
  });
}

const pool: pg.Pool = globalForDb.dbPool ?? createPool();
export const db: PrismaClient = globalForDb.db ?? createClient(pool);
if (env().NODE_ENV !== "production") Object.assign(globalForDb, { db, dbPool: pool });

// Next.js evaluates this module once per bundle layer (the instrumentation's and the routes'),
// so a process can hold more than one pool: the stats add them all up.
const POOLS = Symbol.for("hairline-clinic.database-pools");
const pools: Set<pg.Pool> = ((globalThis as unknown as Record<symbol, Set<pg.Pool>>)[POOLS] ??= new Set());
pools.add(pool);

/** This process's connection pools now: connections running a query, idle ones, and queries waiting for one. */
export function databasePoolStats(): { inUse: number; idle: number; waiting: number } {
  const stats = { inUse: 0, idle: 0, waiting: 0 };
  for (const each of pools) {
    if (each.ended) {
      pools.delete(each);
      continue;
    }
    stats.inUse += each.totalCount - each.idleCount;
    stats.idle += each.idleCount;
    stats.waiting += each.waitingCount;
  }
  return stats;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
