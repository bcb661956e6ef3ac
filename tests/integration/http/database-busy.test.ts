// A separate file: the database client is created once per module registry, so this file gives
// it a pool of one connection before loading anything that reads the settings (hence the
// imports inside the tests). A transaction that finds that connection
// taken, or runs past its timeout, means the database is too busy: the API answers 503 with
// Retry-After, as when it is down, and nothing is written; never a 500 (the bench's cost ramp
// saw one from POST /api/checkout at 384 journeys a minute: Prisma's P2028 after 2 s).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/lib/server/core/db/database-unavailable";

beforeAll(() => {
  process.env.DATABASE_POOL_SIZE = "1";
});

/** Calls a GET route whose handler is `work`, wrapped as every API route is. */
async function callRouteDoing(work: () => Promise<unknown>) {
  const { call } = await import("@/tests/support/request");
  const { apiRoute } = await import("@/lib/server/http/api-route");
  const { NextResponse } = await import("next/server");
  return call(apiRoute({ actor: "guest" }, async () => NextResponse.json(await work())), "/api/example");
}

/** The pool's one connection, busy for `seconds`; resolves once the query runs, to `{ released }`. */
async function holdTheConnection(seconds: number): Promise<{ released: Promise<null> }> {
  const { db } = await import("@/lib/server/core/db/client");
  await db.$queryRaw`SELECT 1 AS warm`; // the client is connected: the hold below is the next query
  // Named, so the watcher finds this very query (an earlier run's sleep may still be running).
  const marker = `held_${randomUUID().replaceAll("-", "")}`;
  // In a transaction of its own, which keeps its connection to the end.
  const held = db.$transaction((tx) => tx.$queryRawUnsafe(`SELECT pg_sleep(${Number(seconds)})::text AS ${marker}`), { timeout: (seconds + 5) * 1000 }).then(() => null);
  const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await watcher.connect();
  try {
    for (let tries = 0; tries < 50; tries += 1) {
      const { rows } = await watcher.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE $1", [`%${marker}%`]);
      if (rows.length > 0) return { released: held };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the pool's connection never started its pg_sleep");
  } finally {
    await watcher.end();
  }
}

it("a transaction that finds no free connection waits as long as a query (5 s), then the API answers 503", async () => {
  const { db } = await import("@/lib/server/core/db/client");
  const { released } = await holdTheConnection(8);
  const started = Date.now();
  const res = await callRouteDoing(() => db.$transaction(async (tx) => tx.$queryRaw`SELECT 1 AS one`));
  const waited = Date.now() - started;
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(res.headers.get("retry-after")).toBe("30");
  expect(waited).toBeGreaterThanOrEqual(4_500);
  expect(waited).toBeLessThan(7_500);
  await released;
}, 20_000);

it("a transaction rolled back at its timeout answers 503 and leaves nothing written", async () => {
  const { db } = await import("@/lib/server/core/db/client");
  const key = `database-busy-test:${randomUUID()}`;
  const res = await callRouteDoing(() =>
    db.$transaction(async (tx) => {
      await tx.rateLimitBucket.create({ data: { key, hits: 1, resetAt: new Date(Date.now() + 60_000) } });
      await tx.$queryRaw`SELECT pg_sleep(5.5)::text`;
      return tx.$queryRaw`SELECT 1 AS one`;
    }),
  );
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(await db.rateLimitBucket.findUnique({ where: { key } })).toBeNull();
}, 20_000);

it("Prisma's other transaction errors stay bugs (a 500), not a busy database", () => {
  expect(isDatabaseUnavailable({ code: "P2028", message: "Transaction API error: Transaction already closed: A query cannot be executed on a committed transaction." })).toBe(false);
  expect(isDatabaseUnavailable({ code: "P2028", message: "Transaction API error: Unable to start a transaction in the given time." })).toBe(true);
  expect(isDatabaseUnavailable({ code: "P2002", message: "Unable to start a transaction in the given time" })).toBe(false);
});
