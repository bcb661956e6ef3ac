import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { loggingEnv } from "@/lib/env";

/**
 * The app's structured log: one JSON line per event on stdout/stderr (pino), with the service,
 * the instance and, inside a request, the request id nginx (or server/serve.mjs) gave it.
 *
 * Never log personal data: no email addresses, names, answers, addresses, tokens or request
 * bodies. Messages name records by id. As a second line of defence the keys that would carry
 * such data are redacted wherever they appear in the fields logged. The e2e run searches the
 * server's whole output for the test patients' emails and answers (e2e/zz-logs-…spec.ts).
 */
const REDACTED_KEYS = ["email", "name", "password", "token", "authorization", "cookie", "answers", "answer", "address", "phone", "body", "headers"];

// Lines go through console.* by level, so a test can watch them (jest.spyOn(console, "error")).
const byLevel = (write: (line: string) => void) => ({ write: (line: string) => write(line.trimEnd()) });

const { LOG_LEVEL, INSTANCE_NAME } = loggingEnv();

export const logger = pino(
  {
    level: LOG_LEVEL,
    base: { service: "hairline-clinic", instance: INSTANCE_NAME, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]), censor: "[redacted]" },
    mixin: () => loggedContext(logContext.getStore()),
  },
  pino.multistream(
    [
      { level: "trace", stream: byLevel((line) => console.log(line)) },
      { level: "warn", stream: byLevel((line) => console.warn(line)) },
      { level: "error", stream: byLevel((line) => console.error(line)) },
    ],
    { dedupe: true },
  ),
);

/**
 * What the current request or job is, for every line logged inside it: server/serve.mjs runs
 * each request in this AsyncLocalStorage with its request id, and the job worker each job
 * with the id of the request that queued it. Shared through globalThis, since serve.mjs and
 * the app's bundles are separate module graphs.
 */
export type LogContext = {
  requestId?: string;
  /** The request span's W3C traceparent, when tracing is on (lib/tracing); jobs queued inside carry it. Not logged. */
  traceparent?: string;
  job?: string;
  jobId?: string;
  /** Set when rendering failed because the database is unreachable: serve.mjs answers 503 with this message. */
  unavailable?: { message: string };
};
const CONTEXT_KEY = Symbol.for("hairline-clinic.log-context");
const store = globalThis as unknown as Record<symbol, AsyncLocalStorage<LogContext> | undefined>;
export const logContext: AsyncLocalStorage<LogContext> = (store[CONTEXT_KEY] ??= new AsyncLocalStorage<LogContext>());

// Every field of the context but the traceparent (the request id already names the request).
function loggedContext(context: LogContext | undefined) {
  const logged = { ...context };
  delete logged.traceparent;
  return logged;
}

/** Where the current request came from, for the jobs it queues (lib/server/services/jobs/job-request-id.ts). */
export function currentRequestOrigin(): { requestId: string | undefined; traceparent: string | undefined } {
  const context = logContext.getStore();
  return { requestId: context?.requestId, traceparent: context?.traceparent };
}
