// GET /api/plans beside GET /api/health/live (issue 12's figure, issue 36: like with like). Both
// are route handlers answering from the instance's memory: the plans from the plans cache
// (lib/server/catalogue/plans-cache.ts), liveness touching nothing. GET /api/health, the
// reference before, runs a query (SELECT 1), so plans ÷ health compared memory with a round
// trip to PostgreSQL and passed whatever the plans route cost. The same 20 connections, in
// alternating turns (live, plans, …), each side's median of three (bench/turns.mjs): the ratio
// of their requests/s and the plans' p99.
import autocannon from "autocannon";
import { alternatingTurns, median, medianRatio } from "./turns.mjs";

export const PLANS_PATH = "/api/plans?treatment_type=minoxidil";
/** What the plans route is compared with: a route handler that answers from memory too. */
export const PLANS_REFERENCE_PATH = "/api/health/live";
const PLANS_CONNECTIONS = 20;

/** @typedef {{ path: string, requestsPerSecond: number, latencyP50Ms: number, latencyP99Ms: number, non2xx: number, errors: number }} PlansTurn One turn's figures for one path. */

/**
 * @param {{ base: string, duration: number, warmup: number, floorUrl?: (body: Buffer, contentType: string) => Promise<{ url: string, stop: () => void }> }} options
 *   floorUrl: serves the plans answer's bytes from a bare node:http server, measured the same
 *   way, for the machine's own floor (what p99 any server gets here at 20 connections).
 */
export async function benchPlansApi({ base, duration, warmup, floorUrl }) {
  /** @param {string} path */
  const run = async (path) => {
    const options = { url: `${base}${path}`, connections: PLANS_CONNECTIONS, pipelining: 1, timeout: 10 };
    await autocannon({ ...options, duration: warmup }); // warm-up, discarded
    const r = await autocannon({ ...options, duration });
    return { requestsPerSecond: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  };
  /** @type {PlansTurn[]} */
  const turns = [];
  for (const path of alternatingTurns(PLANS_REFERENCE_PATH, PLANS_PATH)) turns.push({ path, ...(await run(path)) });
  /** @type {{ requestsPerSecond: number, latencyP50Ms: number, latencyP99Ms: number } | null} */
  let floor = null;
  if (floorUrl) {
    const answer = await fetch(`${base}${PLANS_PATH}`);
    const server = await floorUrl(Buffer.from(await answer.arrayBuffer()), answer.headers.get("content-type") ?? "application/json");
    try {
      const options = { url: server.url, connections: PLANS_CONNECTIONS, pipelining: 1, timeout: 10 };
      await autocannon({ ...options, duration: warmup });
      const r = await autocannon({ ...options, duration });
      floor = { requestsPerSecond: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99 };
    } finally {
      server.stop();
    }
  }
  return { connections: PLANS_CONNECTIONS, turns, ...plansFigure(turns), floor };
}

/**
 * The figure from the turns: each path's medians, and the plans' requests/s over the
 * reference's (PLANS_REFERENCE_PATH); other paths' turns are ignored.
 * @param {PlansTurn[]} turns
 */
export function plansFigure(turns) {
  /** @param {string} path */
  const of = (path) => turns.filter((turn) => turn.path === path);
  /**
   * @param {string} path
   * @param {Exclude<keyof PlansTurn, "path">} key
   */
  const medianOf = (path, key) => median(of(path).map((turn) => turn[key]));
  /**
   * @param {string} path
   * @param {Exclude<keyof PlansTurn, "path">} key
   */
  const sum = (path, key) => of(path).reduce((total, turn) => total + turn[key], 0);
  return {
    reference: { path: PLANS_REFERENCE_PATH, requestsPerSecond: medianOf(PLANS_REFERENCE_PATH, "requestsPerSecond"), latencyP99Ms: medianOf(PLANS_REFERENCE_PATH, "latencyP99Ms") },
    plans: {
      requestsPerSecond: medianOf(PLANS_PATH, "requestsPerSecond"),
      latencyP50Ms: medianOf(PLANS_PATH, "latencyP50Ms"),
      latencyP99Ms: medianOf(PLANS_PATH, "latencyP99Ms"),
      non2xx: sum(PLANS_PATH, "non2xx"),
      errors: sum(PLANS_PATH, "errors"),
    },
    ratio: medianRatio(of(PLANS_PATH), of(PLANS_REFERENCE_PATH), "requestsPerSecond").ratio,
  };
}
