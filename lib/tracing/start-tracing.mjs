// Starts OpenTelemetry tracing for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set
// (spans go to <endpoint>/v1/traces as OTLP/HTTP), and does nothing otherwise: the SDK is
// imported only then (./otel-tracing.mjs), so an instance without a collector loads none of it.
import { TRACING, tracingGlobal } from "./active-tracing.mjs";

/** @param {NodeJS.ProcessEnv} [env] */
export function tracingConfigured(env = process.env) {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * @param {{ routeOf?: (url: string) => string, trustProxy?: boolean, serviceName?: string }} [options]
 * @returns {Promise<import("./active-tracing.mjs").Tracing | null>}
 */
export async function startTracing(options = {}) {
  if (!tracingConfigured()) return null;
  if (tracingGlobal[TRACING]) return tracingGlobal[TRACING];
  const { createTracing } = await import("./otel-tracing.mjs");
  const tracing = createTracing(options);
  tracingGlobal[TRACING] = tracing;
  return tracing;
}

/** Flushes and forgets this process's tracer (a graceful stop, or a test's end). */
export async function stopTracing() {
  const tracing = tracingGlobal[TRACING];
  delete tracingGlobal[TRACING];
  await tracing?.shutdown();
}
