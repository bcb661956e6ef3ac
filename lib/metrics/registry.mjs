// One Prometheus registry per process (prom-client), shared by the plain-JavaScript server
// (server/serve.mjs, server/worker.ts) and the code Next.js bundles: it lives on globalThis,
// and next.config.mjs keeps prom-client external so both sides use the same module. Nothing
// here carries a request id or any personal or health data: labels are route patterns,
// methods, status classes, queue names, review kinds and Stripe event types only.
import client from "prom-client";

const REGISTRY = Symbol.for("hairline-clinic.metrics-registry");

/** This process's registry, with Node.js's default process metrics (CPU, memory, event loop, GC). */
export function metricsRegistry() {
  let registry = globalThis[REGISTRY];
  if (!registry) {
    registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    globalThis[REGISTRY] = registry;
  }
  return registry;
}

// Get-or-create: a module evaluated twice (Next.js's development reloads, a second bundle)
// reuses the metric the first evaluation registered instead of throwing.
function getOrCreate(Metric, config) {
  const registry = metricsRegistry();
  return registry.getSingleMetric(config.name) ?? new Metric({ ...config, registers: [registry] });
}

/** @param {import("prom-client").CounterConfiguration<string>} config */
export const counter = (config) => getOrCreate(client.Counter, config);
/** @param {import("prom-client").GaugeConfiguration<string>} config */
export const gauge = (config) => getOrCreate(client.Gauge, config);
/** @param {import("prom-client").HistogramConfiguration<string>} config */
export const histogram = (config) => getOrCreate(client.Histogram, config);
