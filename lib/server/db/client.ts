import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { appDatabaseUrl, env } from "@/lib/env";
import { PrismaClient } from "./generated/client";

// One client per process; in development the module is re-evaluated on every edit,
// so the instance is kept on globalThis to avoid exhausting connections.
const globalForDb = globalThis as unknown as { db?: PrismaClient };

function createClient() {
  const { DATABASE_POOL_SIZE, PGAPPNAME } = env();
  // A request waits at most 5 s for a connection (the database down, the pool busy): then it
  // fails, and the API answers 503 (lib/server/db/database-unavailable.ts) instead of hanging.
  // Named in pg_stat_activity (PGAPPNAME; npm run cluster sets one per instance).
  const adapter = new PrismaPg({ connectionString: appDatabaseUrl(), max: DATABASE_POOL_SIZE, connectionTimeoutMillis: 5_000, application_name: PGAPPNAME });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = globalForDb.db ?? createClient();
if (env().NODE_ENV !== "production") globalForDb.db = db;

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
