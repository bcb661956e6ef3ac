// The tracer this process runs, if any: server/serve.mjs and server/worker.ts start one
// (./start-tracing.mjs) only when OTEL_EXPORTER_OTLP_ENDPOINT is set, and leave it here, on
// globalThis, for the job worker inside the app's bundle (a separate module graph, like the
// log context in lib/server/core/log/logger.ts). This file imports nothing, so the bundle never
// loads OpenTelemetry: with tracing off, a job pays one property read.

export const TRACING = Symbol.for("hairline-clinic.tracing");

/** @returns {import("./active-tracing.d.mts").Tracing | null} */
export function activeTracing() {
  return globalThis[TRACING] ?? null;
}
