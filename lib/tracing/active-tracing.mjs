// The tracer this process runs, if any: server/serve.mjs and server/worker.ts start one
// (./start-tracing.mjs) only when OTEL_EXPORTER_OTLP_ENDPOINT is set, and leave it here, on
// globalThis, for the job worker inside the app's bundle (a separate module graph, like the
// log context in lib/server/core/log/logger.ts). This file imports nothing, so the bundle never
// loads OpenTelemetry: with tracing off, a job pays one property read.

export const TRACING = Symbol.for("hairline-clinic.tracing");

/**
 * What a job carries from the request that queued it (lib/server/services/jobs/job-request-id.ts).
 * @typedef {{ name: string, traceparent: string | undefined, requestId: string | undefined, attempt: number }} JobTrace
 */

/**
 * A running tracer (./otel-tracing.mjs).
 * - traceRequest starts the server span of one request (named "METHOD /route/[pattern]"), ended
 *   when the answer is sent or the client goes away, and returns the span's W3C traceparent for
 *   what the request queues;
 * - traceJob runs one job attempt inside a span in the trace of the request that queued it;
 * - shutdown exports what is buffered and stops.
 * @typedef {{
 *   traceRequest(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, requestId: string): string | undefined,
 *   traceJob<T>(job: JobTrace, run: () => Promise<T>): Promise<T>,
 *   shutdown(): Promise<void>,
 * }} Tracing
 */

/** globalThis, where the tracer is left for the app's bundle. */
export const tracingGlobal = /** @type {typeof globalThis & { [TRACING]?: Tracing }} */ (globalThis);

/** @returns {Tracing | null} */
export function activeTracing() {
  return tracingGlobal[TRACING] ?? null;
}
