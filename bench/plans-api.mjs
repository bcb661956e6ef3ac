// GET /api/plans beside GET /api/health (issue 12's figure): the same 20 connections, in
// turns health, plans, health, plans so drift in the machine's load falls on both; the
// ratio of their mean requests/s and the plans' p99.
import autocannon from "autocannon";

export const PLANS_PATH = "/api/plans?treatment_type=minoxidil";
export const PLANS_CONNECTIONS = 20;

/**
 * @param {{ base: string, duration: number, warmup: number, floorUrl?: (body: Buffer, contentType: string) => Promise<{ url: string, stop: () => void }> }} options
 *   floorUrl: serves the plans answer's bytes from a bare node:http server, measured the same
 *   way, for the machine's own floor (what p99 any server gets here at 20 connections).
 */
export async function benchPlansApi({ base, duration, warmup, floorUrl }) {
  const run = async (path) => {
    const options = { url: `${base}${path}`, connections: PLANS_CONNECTIONS, pipelining: 1, timeout: 10 };
    await autocannon({ ...options, duration: warmup }); // warm-up, discarded
    const r = await autocannon({ ...options, duration });
    return { requestsPerSecond: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  };
  const turns = [];
  for (const path of ["/api/health", PLANS_PATH, "/api/health", PLANS_PATH]) turns.push({ path, ...(await run(path)) });
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
  const mean = (path, key) => {
    const of = turns.filter((turn) => turn.path === path);
    return of.reduce((sum, turn) => sum + turn[key], 0) / of.length;
  };
  const max = (path, key) => Math.max(...turns.filter((turn) => turn.path === path).map((turn) => turn[key]));
  const sum = (path, key) => turns.filter((turn) => turn.path === path).reduce((total, turn) => total + turn[key], 0);
  const health = { requestsPerSecond: mean("/api/health", "requestsPerSecond"), latencyP99Ms: max("/api/health", "latencyP99Ms") };
  const plans = {
    requestsPerSecond: mean(PLANS_PATH, "requestsPerSecond"),
    latencyP50Ms: mean(PLANS_PATH, "latencyP50Ms"),
    latencyP99Ms: max(PLANS_PATH, "latencyP99Ms"),
    non2xx: sum(PLANS_PATH, "non2xx"),
    errors: sum(PLANS_PATH, "errors"),
  };
  return { connections: PLANS_CONNECTIONS, turns, health, plans, floor, ratio: health.requestsPerSecond ? plans.requestsPerSecond / health.requestsPerSecond : null };
}
