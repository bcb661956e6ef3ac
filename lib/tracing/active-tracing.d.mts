import type { IncomingMessage, ServerResponse } from "node:http";

export type JobTrace = { name: string; traceparent: string | undefined; requestId: string | undefined; attempt: number };

export type Tracing = {
  /**
   * Starts the server span of one request (named "METHOD /route/[pattern]"), ended when the
   * answer is sent or the client goes away; returns the span's W3C traceparent for what the
   * request queues.
   */
  traceRequest(req: IncomingMessage, res: ServerResponse, requestId: string): string;
  /** Runs one job attempt inside a span in the trace of the request that queued it. */
  traceJob<T>(job: JobTrace, run: () => Promise<T>): Promise<T>;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
};

export const TRACING: unique symbol;
export function activeTracing(): Tracing | null;
