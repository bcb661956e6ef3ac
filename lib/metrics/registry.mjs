// One Prometheus registry per process (prom-client), shared by the plain-JavaScript server
// (server/serve.mjs, server/worker.ts) and the code Next.js bundles: it lives on globalThis,
// and next.config.mjs keeps prom-client external so both sides use the same module. Nothing
// here carries a request id or any personal or health data: labels are route patterns,
// methods, status classes, queue names, review kinds and Stripe event types only.
import client from "prom-client";

const REGISTRY = Symbol.for("hairline-clinic.metrics-registry");
const shared = /** @type {typeof globalThis & { [REGISTRY]?: import("prom-client").Registry }} */ (globalThis);

/** This process's registry, with Node.js's default process metrics (CPU, memory, event loop, GC). */
export function metricsRegistry() {
  let registry = shared[REGISTRY];
  if (!registry) {
    registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    shared[REGISTRY] = registry;
  }
  return registry;
}

// Get-or-create: a module evaluated twice (Next.js's development reloads, a second bundle)
// reuses the metric the first evaluation registered instead of throwing.
/**
 * @template {import("prom-client").Metric} M
 * @template {{ name: string }} C
 * @param {new (config: C & { registers: import("prom-client").Registry[] }) => M} Metric
 * @param {C} config
 * @returns {M}
 */
function getOrCreate(Metric, config) {
  const registry = metricsRegistry();
  // The registry finds metrics by name only; under this name only this kind is ever registered.
  const existing = /** @type {M | undefined} */ (registry.getSingleMetric(config.name));
  return existing ?? new Metric({ ...config, registers: [registry] });
}

/**
 * @template {string} T
 * @param {import("prom-client").CounterConfiguration<T>} config
 * @returns {import("prom-client").Counter<T>}
 */
export const counter = (config) => getOrCreate(client.Counter, config);
/**
 * @template {string} T
 * @param {import("prom-client").GaugeConfiguration<T>} config
 * @returns {import("prom-client").Gauge<T>}
 */
export const gauge = (config) => getOrCreate(client.Gauge, config);
/**
 * @template {string} T
 * @param {import("prom-client").HistogramConfiguration<T>} config
 * @returns {import("prom-client").Histogram<T>}
 */
export const histogram = (config) => getOrCreate(client.Histogram, config);
