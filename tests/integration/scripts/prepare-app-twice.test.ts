// One process can prepare one app after another (server/runtime/prepare-app.mjs, as the bench's
// clusters do), each on its own database: closing a prepared app puts back the variables it
// set, so the next makes and uses the login of its own database. Before, the first app's
// APP_DATABASE_URL stayed set and the next app's instances and worker connected to the first
// database (the bench's fault, soak and growth steps then measured a database no traffic reached).
import { spawnSync } from "node:child_process";
import { createScratchDatabase } from "@/scripts/lib/scratch-database.mjs";

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

// Prepares an app on each database in turn, in one process, and reports the environment each
// left its processes, and what was left once it closed.
const script = `
import { prepareApp } from "./server/runtime/prepare-app.mjs";
const seen = [];
for (const url of process.argv.slice(1)) {
  process.env.DATABASE_URL = url;
  const prepared = await prepareApp({ dev: true, distDir: ".next", webhookUrl: "http://127.0.0.1:9/api/webhooks/stripe" });
  const during = { APP_DATABASE_URL: process.env.APP_DATABASE_URL, sandbox: Boolean(process.env.STRIPE_SANDBOX_URL) };
  await prepared.close();
  seen.push({ during, after: { DATABASE_URL: process.env.DATABASE_URL, APP_DATABASE_URL: process.env.APP_DATABASE_URL, STRIPE_SANDBOX_URL: process.env.STRIPE_SANDBOX_URL } });
}
console.log(JSON.stringify(seen));
`;

describe("preparing two apps in one process", () => {
  const scratches: Scratch[] = [];

  afterAll(async () => {
    for (const scratch of scratches) await scratch.drop();
  });

  it("gives each the login of its own database and leaves the environment as it found it", async () => {
    for (const prefix of ["clinic_prepare_a", "clinic_prepare_b"]) scratches.push(await createScratchDatabase(process.env.DATABASE_URL!, prefix));
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.APP_DATABASE_URL;
    delete env.STRIPE_SECRET_KEY;
    delete env.STRIPE_SANDBOX_URL;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, ...scratches.map((scratch) => scratch.url)], { env, encoding: "utf8", timeout: 120_000 });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const seen = JSON.parse(result.stdout.trim().split("\n").at(-1)!);

    const databaseOf = (url: string) => new URL(url).pathname.slice(1);
    const userOf = (url: string) => new URL(url).username;
    expect(seen.map(({ during }: { during: { APP_DATABASE_URL: string } }) => databaseOf(during.APP_DATABASE_URL))).toEqual(scratches.map((scratch) => scratch.name));
    expect(seen.map(({ during }: { during: { APP_DATABASE_URL: string } }) => userOf(during.APP_DATABASE_URL))).toEqual(scratches.map((scratch) => `${scratch.name}_app`));
    expect(seen.every(({ during }: { during: { sandbox: boolean } }) => during.sandbox)).toBe(true);
    // Closed: what the script had set (its DATABASE_URL) stays; what prepareApp set is gone.
    expect(seen.map(({ after }: { after: object }) => after)).toEqual(scratches.map((scratch) => ({ DATABASE_URL: scratch.url })));
  }, 150_000);
});
