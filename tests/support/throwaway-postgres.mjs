// A PostgreSQL server of its own for one test file, started from a folder of PostgreSQL's
// programs (scripts/lib/debian-postgres.mjs finds Debian's) on a free loopback port, with a
// fresh data folder under the system's temp folder that stop() removes. PostgreSQL refuses to
// run as root, so as root it runs as the `postgres` user, as the embedded database does.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresUserIds } from "../../server/runtime/postgres-user.mjs";
import { freePort } from "../../scripts/lib/free-port.mjs";

const START_TIMEOUT_MS = 30_000;

/**
 * @param {{ bin: string }} programs
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startThrowawayPostgres({ bin }) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-postgres-"));
  const data = path.join(folder, "data");
  /** @type {{ uid: number, gid: number } | {}} */
  const ids = process.getuid?.() === 0 ? postgresUserIds() : {};
  const password = randomBytes(18).toString("base64url");
  const passwordFile = path.join(folder, "password");
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  if ("uid" in ids) for (const each of [folder, passwordFile]) fs.chownSync(each, ids.uid, ids.gid);

  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  const init = spawnSync(
    path.join(bin, "initdb"),
    ["-D", data, "-U", "postgres", `--pwfile=${passwordFile}`, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync"],
    { ...ids, cwd: folder, encoding: "utf8" },
  );
  if (init.status !== 0) {
    removeFolder();
    throw new Error(`${path.join(bin, "initdb")} failed (exit ${init.status ?? init.signal}): ${(init.stderr || init.error?.message || "").trim()}`);
  }

  const port = await freePort();
  // Loopback only and no Unix socket (it could clash with a system PostgreSQL's); durability is
  // not wanted of a server that lives for one test file.
  const server = spawn(path.join(bin, "postgres"), ["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"], {
    ...ids,
    cwd: folder,
    stdio: ["ignore", "pipe", "pipe"],
  });
  /** @type {string[]} */
  const log = [];
  server.stdout.on("data", (chunk) => log.push(String(chunk)));
  server.stderr.on("data", (chunk) => log.push(String(chunk)));
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.once("error", (error) => log.push(error.message));

  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGINT");
      await exited;
    }
    removeFolder();
  };
  try {
    await waitForConnections(url, () => server.exitCode !== null || server.signalCode !== null);
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL from ${bin} did not start on port ${port}: ${/** @type {Error} */ (error).message}\n${log.join("").trim()}`);
  }
  return { url, stop };
}

/**
 * @param {string} url
 * @param {() => boolean} hasExited
 */
async function waitForConnections(url, hasExited) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (hasExited()) throw new Error("it exited");
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`no connection within ${START_TIMEOUT_MS / 1000} s (${/** @type {NodeJS.ErrnoException} */ (error).code ?? /** @type {Error} */ (error).message})`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
