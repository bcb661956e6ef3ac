// The app's connections plan for SSD storage and without parallel workers
// (lib/server/core/db/connection-options.ts): the settings reach the server on every connection of
// the app's pool, whatever the server's own defaults.
import { db } from "@/tests/support/db";

it("the app's connections carry random_page_cost 1.1 (PostgreSQL's default is 4) and plan no parallel workers (its default is 2)", async () => {
  const rows = await db.$queryRaw<{ random_page_cost: string }[]>`SHOW random_page_cost`;
  expect(rows[0]?.random_page_cost).toBe("1.1");
  const parallel = await db.$queryRaw<{ max_parallel_workers_per_gather: string }[]>`SHOW max_parallel_workers_per_gather`;
  expect(parallel[0]?.max_parallel_workers_per_gather).toBe("0");
});
