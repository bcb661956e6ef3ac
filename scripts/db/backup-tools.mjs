// What `npm run db:backup` and `npm run db:restore` share: the database they work on (the
// same as `npm start`: DATABASE_URL, or the embedded PostgreSQL), and PostgreSQL's client
// tools. pg_dump refuses a server newer than itself, so the tools are looked up by version:
// PATH first, then Debian's /usr/lib/postgresql/<major>/bin, newest first.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * The server's major version (e.g. 15, 17).
 * @param {string} url
 * @returns {Promise<number>}
 */
export async function serverMajorVersion(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query("SHOW server_version_num");
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * The path of `tool` (pg_dump, pg_restore) whose major version is at least `major`, or an
 * Error saying what to install.
 * @param {"pg_dump" | "pg_restore" | "psql"} tool
 * @param {number} major
 * @returns {string}
 */
export function findClientTool(tool, major) {
  /** @type {string[]} */
  const candidates = [];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) candidates.push(path.join(dir, tool));
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, version, "bin", tool));
  }
  /** @type {string[]} */
  const seen = [];
  for (const candidate of candidates) {
    if (!fs.existsSync(candidate)) continue;
    const version = toolMajorVersion(candidate);
    if (version === null) continue;
    seen.push(`${candidate} (${version})`);
    if (version >= major) return candidate;
  }
  throw new Error(
    `${tool} ${major} or newer is needed for this PostgreSQL ${major} server${seen.length ? `; found only ${seen.join(", ")}` : ", and none was found"}: install postgresql-client-${major} (or newer).`,
  );
}

/** @param {string} binary */
function toolMajorVersion(binary) {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  const match = /(\d+)(?:\.\d+)?/.exec(result.stdout ?? "");
  return result.status === 0 && match ? Number(match[1]) : null;
}

/**
 * The URL with its password hidden, for messages.
 * @param {string} url
 */
export function maskUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the configured database";
  }
}

/**
 * libpq connection settings for the child process: the password goes in PGPASSWORD, never argv.
 * @param {string} url
 */
export function clientEnvironment(url) {
  const parsed = new URL(url);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PGHOST: parsed.hostname || "127.0.0.1", PGPORT: parsed.port || "5432", PGUSER: decodeURIComponent(parsed.username), PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  else delete env.PGPASSWORD;
  return env;
}

/**
 * Tables in the public schema holding at least one row (a restore target must have none).
 * @param {string} url
 * @returns {Promise<string[]>}
 */
export async function nonEmptyTables(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    /** @type {string[]} */
    const filled = [];
    for (const { tablename } of rows) {
      const { rowCount } = await client.query(`SELECT 1 FROM "${tablename.replace(/"/g, '""')}" LIMIT 1`);
      if (rowCount) filled.push(tablename);
    }
    return filled;
  } finally {
    await client.end();
  }
}
