// CPU time a process has used, from Linux's /proc/<pid>/stat: what the cost step
// (bench/scale/cost.mjs) charges a purchase journey. Only /proc and `getconf` are needed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const TICK_MS = 1000 / clockTicks();

/** The kernel's clock ticks a second (USER_HZ), which /proc's times are counted in: 100 nearly everywhere. */
function clockTicks() {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * utime + stime of a process and cutime + cstime of the children it has reaped, in ms, and
 * its parent's pid; null when the process is gone or /proc hides it.
 * @param {number | string} pid
 */
function readStat(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = /** @type {[number, number, number, number]} NaN where a field is missing */ (fields.slice(11, 15).map(Number));
  return { ppid: Number(fields[1]), cpuMs: (utime + stime + cutime + cstime) * TICK_MS };
}

/**
 * The CPU ms `pid` and the children it reaped have used; null when it is gone or hidden.
 * @param {number} pid
 */
export function processCpuMs(pid) {
  return readStat(pid)?.cpuMs ?? null;
}

/**
 * The CPU ms of `pid` and every live descendant (those already reaped are in their parent's
 * cutime/cstime). Throws when `pid` is gone: a figure without it would be wrong, not small.
 * @param {number} pid
 */
export function processTreeCpuMs(pid) {
  /** @type {Map<number, { ppid: number, cpuMs: number }>} */
  const stats = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  if (!stats.has(pid)) throw new Error(`process ${pid} is gone (or /proc does not show it)`);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [other, stat] of stats) {
      if (!tree.has(other) && tree.has(stat.ppid)) {
        tree.add(other);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const member of tree) total += /** @type {{ ppid: number, cpuMs: number }} every member was read */ (stats.get(member)).cpuMs;
  return total;
}

/**
 * The CPU PostgreSQL's client backends on `databaseName` (all but `client`'s own) use from now on:
 * `read()` takes each backend's CPU from /proc (a backend first seen later started at 0), and
 * `usedMs()` sums each one's last reading less its first. Null when no backend could be read
 * (PostgreSQL on another machine, or /proc hiding it): a figure without them would be wrong,
 * not small.
 * @param {import("pg").Client} client
 * @param {string} databaseName
 */
export async function postgresBackendsCpu(client, databaseName) {
  /** @type {Map<number, number>} */
  const first = new Map(); // backend pid → its CPU ms when first read (0 for one started since)
  /** @type {Map<number, number>} */
  const last = new Map();
  let unread = 0;
  const read = async (starting = false) => {
    /** @type {import("pg").QueryResult<{ pid: number }>} */
    const { rows } = await client.query("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()", [databaseName]);
    for (const { pid } of rows) {
      const cpuMs = isPostgresProcess(pid) ? processCpuMs(pid) : null;
      if (cpuMs === null) {
        unread += last.has(pid) ? 0 : 1; // a backend read before and closed since keeps its last reading
        continue;
      }
      if (!first.has(pid)) first.set(pid, starting ? cpuMs : 0);
      last.set(pid, cpuMs);
    }
  };
  await read(true);
  return {
    read: () => read(),
    usedMs: () => (last.size === 0 && unread > 0 ? null : [...last].reduce((sum, [pid, ms]) => sum + ms - /** @type {number} set with it */ (first.get(pid)), 0)),
    count: () => last.size,
  };
}

/**
 * Whether this machine's process `pid` is a PostgreSQL process (a remote server's backend pid names some other local process, or none).
 * @param {number} pid
 */
function isPostgresProcess(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "latin1").startsWith("postgres");
  } catch {
    return false;
  }
}
