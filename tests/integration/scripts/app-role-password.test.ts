// The local app login's password (server/runtime/app-role.mjs) is generated once per checkout and
// kept in .data/app-database.credentials.json. Processes that start together (the test run's
// jest workers, the cluster's instances) must all end up with the one password that was saved:
// with a check-then-write, two of them could each save their own and one role be created with
// a password that no file holds any more.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const repo = path.resolve(__dirname, "../../..");

/** The password a new process gets; with `startAt`, each process asks at that instant (all at once). */
function passwordFrom(checkout: string, startAt = 0): Promise<string> {
  const script = `import { localAppDatabaseUrl } from ${JSON.stringify(path.join(checkout, "server/runtime/app-role.mjs"))};
while (Date.now() < ${startAt}) {}
console.log(new URL(localAppDatabaseUrl("postgresql://owner@127.0.0.1:5432/clinic_test_x")).password);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: checkout, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

describe("the local app login's password", () => {
  let checkout: string;

  beforeEach(() => {
    // A checkout of its own: the module keeps the file beside itself, two folders up.
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), "app-role-password-"));
    fs.mkdirSync(path.join(checkout, "server/runtime"), { recursive: true });
    fs.copyFileSync(path.join(repo, "server/runtime/app-role.mjs"), path.join(checkout, "server/runtime/app-role.mjs"));
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(checkout, "node_modules"));
  });

  afterEach(() => fs.rmSync(checkout, { recursive: true, force: true }));

  it("is the same for processes that start at once, and is the one the file keeps", async () => {
    const startAt = Date.now() + 2000; // after every process has loaded the module
    const passwords = await Promise.all(Array.from({ length: 8 }, () => passwordFrom(checkout, startAt)));
    const saved = JSON.parse(fs.readFileSync(path.join(checkout, ".data/app-database.credentials.json"), "utf8")).password;
    expect(saved).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(passwords)).toEqual(new Set([saved]));
    // Only the file itself is left: no process's draft.
    expect(fs.readdirSync(path.join(checkout, ".data"))).toEqual(["app-database.credentials.json"]);
    expect(fs.statSync(path.join(checkout, ".data/app-database.credentials.json")).mode & 0o777).toBe(0o600);
  });

  it("is kept: a later process reads the saved one", async () => {
    const first = await passwordFrom(checkout);
    expect(await passwordFrom(checkout)).toBe(first);
  });
});
