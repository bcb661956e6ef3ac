// The app's connections plan for SSD storage (lib/server/db/connection-options.ts): the setting
// reaches the server on every connection of the app's pool, whatever the server's own default.
import { db } from "@/tests/support/db";

it("the app's connections carry random_page_cost 1.1 (PostgreSQL's default is 4)", async () => {
  const rows = await db.$queryRaw<{ random_page_cost: string }[]>`SHOW random_page_cost`;
  expect(rows[0]?.random_page_cost).toBe("1.1");
});
