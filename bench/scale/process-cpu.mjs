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
