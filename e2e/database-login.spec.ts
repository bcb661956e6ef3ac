import pg from "pg";
import { expect, test } from "./support/fixtures";

// The server that `npm start` runs (as scripts/test.mjs starts it) connects as the app's own
// database login (<database>_app, made by npm start), never as the tables' owner that the tests
// use: so every other journey of this run proves that login's grants suffice.
const ownerUrl = process.env.DATABASE_URL!;
const appRole = `${new URL(ownerUrl).pathname.slice(1)}_app`;

test("the server's connections use the app's own login, which cannot alter the audit log", async ({ request }) => {
  // Calls that use the database now (idle pool connections close after a while): health
  // queries it, the plans list opens the plans cache's own listening connection.
  expect((await request.get("/api/plans?treatment_type=minoxidil")).status()).toBe(200);
  expect((await request.get("/api/health")).status()).toBe(200);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ application_name: string; usename: string }>(
      "SELECT DISTINCT application_name, usename FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('clinic-app', 'clinic-jobs', 'plans-cache') ORDER BY 1",
    );
    expect(rows.map((row) => row.application_name)).toEqual(expect.arrayContaining(["clinic-app", "clinic-jobs"]));
    expect(new Set(rows.map((row) => row.usename))).toEqual(new Set([appRole]));
    const { rows: powers } = await client.query(
      "SELECT rolsuper, has_table_privilege($1, 'audit_events', 'UPDATE') AS can_update, has_table_privilege($1, 'audit_events', 'INSERT') AS can_insert FROM pg_roles WHERE rolname = $1",
      [appRole],
    );
    expect(powers).toEqual([{ rolsuper: false, can_update: false, can_insert: true }]);
  } finally {
    await client.end();
  }
});
