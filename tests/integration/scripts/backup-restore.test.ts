import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { findClientTool } from "@/scripts/db/backup-tools.mjs";
import { findPostgresPrograms } from "@/scripts/lib/debian-postgres.mjs";
import { startThrowawayPostgres } from "@/tests/support/throwaway-postgres.mjs";

// `npm run db:backup` and `npm run db:restore` round trip, on scratch databases. pg_dump cannot
// dump a server newer than itself, and the run's own server is usually the embedded PostgreSQL
// 17, which ships no pg_dump (Debian bookworm's client tools are 15). So the test uses the run's
// server only when this machine has a pg_dump for it, and otherwise starts a server of its own
// from PostgreSQL's programs of one version (Debian's postgresql, which `npm test` installs when
// missing; scripts/lib/debian-postgres.mjs), so client and server match. With neither it fails
// under CI (CI=true) and skips elsewhere, saying why.

jest.setTimeout(120_000);

const repo = path.resolve(__dirname, "../../..");
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-backup-"));
const isCI = Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? "");

const created: string[] = [];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function newestPgDump(): number {
  const candidates = ["pg_dump", ...(fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").map((v) => `/usr/lib/postgresql/${v}/bin/pg_dump`) : [])];
  let newest = 0;
  for (const candidate of candidates) {
    const out = spawnSync(candidate, ["--version"], { encoding: "utf8" });
    const match = /(\d+)(?:\.\d+)?/.exec(out.stdout ?? "");
    if (out.status === 0 && match) newest = Math.max(newest, Number(match[1]));
  }
  return newest;
}

/** The server's major version, asked synchronously (a child process) so the choice is made before the tests are declared. */
function serverMajor(url: string): number | null {
  const script = `const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query("SHOW server_version_num")).then((r) => { console.log(r.rows[0].server_version_num); return c.end(); }).catch(() => process.exit(1));`;
  const out = spawnSync(process.execPath, ["-e", script, url], { cwd: repo, encoding: "utf8", timeout: 10_000 });
  return out.status === 0 ? Math.floor(Number(out.stdout.trim()) / 10000) : null;
}

type ServerChoice = { kind: "run"; url: string } | { kind: "own"; bin: string; major: number } | { kind: "none"; why: string };

function chooseServer(): ServerChoice {
  const tools = newestPgDump();
  const runMajor = process.env.DATABASE_URL ? serverMajor(process.env.DATABASE_URL) : null;
  if (process.env.DATABASE_URL && runMajor !== null && runMajor <= tools) return { kind: "run", url: process.env.DATABASE_URL };
  const programs = findPostgresPrograms(process.env, isExecutable);
  if (programs) return { kind: "own", ...programs };
  return {
    kind: "none",
    why: `this machine's newest pg_dump (${tools || "none"}) cannot dump the run's PostgreSQL (${runMajor ?? "unreachable"}), and no PostgreSQL server programs were found to start one that matches (Debian's postgresql, in /usr/lib/postgresql/<major>/bin, or POSTGRES_BIN_DIR): npm test installs Debian's postgresql when run as root; otherwise \`apt-get install postgresql\`.`,
  };
}

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(server, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function scratch(): Promise<string> {
  const name = `clinic_backup_${Date.now().toString(36)}_${created.length}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  return withDatabase(server, name);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) counts[tablename] = Number((await query<{ n: string }>(url, `SELECT count(*) AS n FROM "${tablename}"`))[0]!.n);
  return counts;
}

const runScript = (script: string, args: string[], url: string) =>
  spawnSync(process.execPath, [script, ...args], { cwd: repo, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8", timeout: 60_000 });

let source = "";
let server = "";
let stopOwnServer: (() => Promise<void>) | null = null;
const userId = randomUUID();

const choice = chooseServer();
if (choice.kind === "none" && !isCI) console.log(`backup-restore.test.ts skipped: ${choice.why}`);
// Under CI the tests run all the same, and fail in beforeAll with the reason: a round trip that
// cannot run there is a failure, not a skip.
const describeWithServer = choice.kind === "none" && !isCI ? describe.skip : describe;

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describeWithServer("npm run db:backup and db:restore", () => {
  beforeAll(async () => {
    if (choice.kind === "none") throw new Error(`The backup and restore round trip cannot run: ${choice.why}`);
    if (choice.kind === "own") {
      const own = await startThrowawayPostgres({ bin: choice.bin });
      stopOwnServer = own.stop;
      server = own.url;
    } else {
      server = choice.url;
    }
    source = await scratch();
    // The shop's schema and catalogue, as `npm start` makes them, plus a patient.
    const migrate = runScript("scripts/db/cli.mjs", ["deploy"], source);
    expect(migrate.status).toBe(0);
    expect(runScript("scripts/db/cli.mjs", ["seed"], source).status).toBe(0);
    await query(
      source,
      `INSERT INTO users (id, name, email, password_hash, updated_at) VALUES ($1, 'Robin Backup', $2, 'not-a-real-hash', now() AT TIME ZONE 'UTC')`,
      [userId, `robin.${userId}@example.com`],
    );
  });

  afterAll(async () => {
    if (server && !stopOwnServer) {
      await admin(async (client) => {
        for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    }
    await stopOwnServer?.();
  });

  const dump = path.join(folder, "clinic.dump");

  it("writes a dump only its owner can read", () => {
    const backup = runScript("scripts/db/backup.mjs", [dump], source);
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`to ${dump}`);
    expect(backup.stdout).not.toMatch(/password/i);
    expect(fs.statSync(dump).mode & 0o777).toBe(0o600);
  });

  it("restores it into an empty database with every row, field for field", async () => {
    const target = await scratch();
    const restore = runScript("scripts/db/restore.mjs", [dump], target);
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain("Its migrations match this code's.");
    expect(await rowCounts(target)).toEqual(await rowCounts(source));
    const read = (url: string) => query(url, "SELECT id, name, email, password_hash, created_at FROM users WHERE id = $1", [userId]);
    expect(await read(target)).toEqual(await read(source));
    const products = (url: string) => query(url, "SELECT slug, price_pence FROM products ORDER BY slug");
    expect(await products(target)).toEqual(await products(source));
  });

  it("refuses a database that already holds data unless --force, and changes nothing", async () => {
    const target = await scratch();
    expect(runScript("scripts/db/restore.mjs", [dump], target).status).toBe(0);
    await query(target, "DELETE FROM users WHERE id = $1", [userId]);
    const before = await rowCounts(target);
    const refused = runScript("scripts/db/restore.mjs", [dump], target);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already holds data .*nothing was changed\. Restore into an empty database, or pass --force to replace it\./);
    expect(await rowCounts(target)).toEqual(before);
    const forced = runScript("scripts/db/restore.mjs", [dump, "--force"], target);
    expect(forced.status).toBe(0);
    expect(await rowCounts(target)).toEqual(await rowCounts(source));
  });

  it("fails cleanly on a damaged dump and leaves the database as it was", async () => {
    const damaged = path.join(folder, "damaged.dump");
    const bytes = fs.readFileSync(dump);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = await scratch();
    expect(runScript("scripts/db/restore.mjs", [dump], target).status).toBe(0);
    const before = await rowCounts(target);
    const failed = runScript("scripts/db/restore.mjs", [damaged, "--force"], target);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("pg_restore failed");
    expect(failed.stderr).toContain("the database was left as it was");
    expect(await rowCounts(target)).toEqual(before);
  });

  it("says what is wrong when the file does not exist", () => {
    const missing = runScript("scripts/db/restore.mjs", [path.join(folder, "nope.dump")], source);
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(`No such backup file: ${path.join(folder, "nope.dump")}`);
  });
});

// What `npm run db:backup` and `db:restore` tell a user whose pg_dump is older than their server
// (the case that made this test start a server of its own): the client to install, and what was
// found. A stand-in pg_dump 14 on PATH, and a major (99) that no machine's tools reach.
describe("a pg_dump older than the server", () => {
  const tools = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-pg-client-"));
  const originalPath = process.env.PATH;

  beforeAll(() => {
    fs.writeFileSync(path.join(tools, "pg_dump"), '#!/bin/sh\necho "pg_dump (PostgreSQL) 14.9"\n', { mode: 0o755 });
    process.env.PATH = tools;
  });
  afterAll(() => {
    process.env.PATH = originalPath;
    fs.rmSync(tools, { recursive: true, force: true });
  });

  it("is used when it is at least the server's version, PATH first", () => {
    expect(findClientTool("pg_dump", 14)).toBe(path.join(tools, "pg_dump"));
  });

  it("is refused, naming the client package to install and every older pg_dump found", () => {
    const found = `${path.join(tools, "pg_dump")} \\(14\\)(, /usr/lib/postgresql/\\d+/bin/pg_dump \\(\\d+\\))*`;
    expect(() => findClientTool("pg_dump", 99)).toThrow(new RegExp(`^pg_dump 99 or newer is needed for this PostgreSQL 99 server; found only ${found}: install postgresql-client-99 \\(or newer\\)\\.$`));
  });
});
