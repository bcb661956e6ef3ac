import "server-only";

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a minute.";

// What Prisma (with @prisma/adapter-pg) reports when PostgreSQL cannot be reached or drops the
// connection: its own codes, the driver adapter's error kinds, and PostgreSQL's SQLSTATEs
// for a server shutting down, not accepting connections, or out of connections.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

// Prisma's P2028 when an interactive transaction found no connection in time (the pool busy)
// or ran past its timeout (rolled back): the database is busy, so the answer is a 503, try
// again. Its other P2028s (a query on a transaction already committed) are bugs: a 500.
const TRANSACTION_BUSY = /Unable to start a transaction in the given time|expired transaction/i;

/**
 * Whether `error` means the database is unreachable or too busy to answer in time (so the
 * answer is 503, try again later) rather than a bug. Walks the error's `cause` chain and
 * Prisma's `meta.driverAdapterError`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; kind?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown }; message?: unknown };
  if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || SQLSTATES.has(e.code) || SOCKET_CODES.has(e.code))) return true;
  if (e.code === "P2028" && typeof e.message === "string" && TRANSACTION_BUSY.test(e.message)) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.originalCode === "string" && SQLSTATES.has(e.originalCode)) return true;
  if (typeof e.message === "string" && /Can't reach database server|Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1);
}
