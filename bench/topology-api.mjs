// GET /api/plans and GET /api/user through the production topology (issue 13's figure: p99 at
// 20 connections ≤ 30 ms): nginx in front of two app instances. The plans answer is public
// (Cache-Control: public, max-age=60), so nginx serves it from its cache; /api/user carries a
// bearer token, which nginx never caches, so each request reaches one of the instances.
import autocannon from "autocannon";
import { createPatients, signIn, xsrfCookie } from "./patients.mjs";
import { PLANS_PATH } from "./plans-api.mjs";
import { LOAD } from "./settings.mjs";

export const TOPOLOGY_API_CONNECTIONS = 20;

export async function apiThroughProxy(cluster, databaseUrl) {
  const [patient] = await createPatients(databaseUrl, { count: 1, label: "proxy-api", questionnaire: false });
  const session = await signIn(cluster.url, patient, { xsrf: await xsrfCookie(cluster.url), address: "127.0.0.1" });
  const measure = async (path, headers = {}) => {
    const options = { url: `${cluster.url}${path}`, headers, connections: TOPOLOGY_API_CONNECTIONS, pipelining: 1, timeout: 10 };
    await autocannon({ ...options, duration: LOAD.warmup });
    const r = await autocannon({ ...options, duration: LOAD.duration });
    return { requestsPerSecond: r.requests.average, latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  };
  const plans = await measure(PLANS_PATH);
  // What nginx says of the plans answer once the load has run (HIT: served from its cache).
  plans.cacheStatus = (await fetch(`${cluster.url}${PLANS_PATH}`)).headers.get("x-cache-status");
  const user = await measure("/api/user", { authorization: `Bearer ${session.token}` });
  return { connections: TOPOLOGY_API_CONNECTIONS, plans, user };
}
