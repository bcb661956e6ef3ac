// The HTTP server `npm start`, `npm run dev`, the e2e tests and the bench run: Next.js's
// request handler behind node:http, so that X-Forwarded-For is ours to set.
//
// Next.js keeps an X-Forwarded-For that a client sends and only fills it in when missing,
// so behind plain `next start` any client could claim any address and escape per-address
// throttling. Here the socket's peer address is authoritative: without TRUST_PROXY the
// header is replaced by it; with TRUST_PROXY=true (behind our own load balancer) the peer is
// appended to the chain the proxy sent, as a proxy would. lib/server/core/request/client-address.ts
// reads it accordingly.
//
//   node server/serve.mjs [--dev] [--port 3000] [--hostname 0.0.0.0] [--dir <app folder>]
//
// --dir serves another Next.js app folder (default: this project); the bench serves its empty
// floor app (.bench-floor) with it, so both are measured through the same server.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { forwardedFor } from "./runtime/forwarded-for.mjs";
import { logRequestWhenFinished } from "./runtime/access-log.mjs";
import { sendBodiesAsBytes } from "./runtime/body-bytes.mjs";
import { addPolicyUnlessSet, staticContentSecurityPolicy } from "../lib/security/static-content-security-policy.mjs";
import { answerUnavailableWhenDatabaseDown } from "./runtime/unavailable-response.mjs";
import { observeHttpRequests } from "../lib/metrics/http-metrics.mjs";
import { metricsPort, startMetricsServer } from "../lib/metrics/metrics-server.mjs";
import { loadRoutePatternMatcher } from "../lib/metrics/route-pattern.mjs";
import { startTracing, stopTracing, tracingConfigured } from "../lib/tracing/start-tracing.mjs";

const { values } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    port: { type: "string", default: process.env.PORT || "3000" },
    hostname: { type: "string", default: "0.0.0.0" },
    dir: { type: "string" },
  },
});
const dev = values.dev;
const port = Number(values.port);
// Next.js's types declare NODE_ENV always set (and read-only); before Next.js loads, it may be unset.
/** @type {NodeJS.Dict<string>} */ (process.env).NODE_ENV ??= dev ? "development" : "production";
const trustProxy = process.env.TRUST_PROXY === "true";

const dir = values.dir ? path.resolve(values.dir) : path.resolve(import.meta.dirname, "..");
// Prometheus metrics on their own port (lib/metrics/metrics-server.mjs), off unless METRICS_PORT is set.
const metricsOn = metricsPort();
// The configuration the build resolved (as Next.js's own standalone server.js does): the
// production image carries the standalone output only, without what loading
// next.config.mjs at run time needs.
const distDir = path.join(dir, process.env.NEXT_DIST_DIR || ".next");
const builtConfig = path.join(distDir, "required-server-files.json");
if (!dev && fs.existsSync(builtConfig)) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(fs.readFileSync(builtConfig, "utf8")).config);
}

const { default: next } = await import("next");
const app = next({ dev, dir, hostname: values.hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

// Structured logs (pino, JSON lines): one access line per request, and the request id that
// every line the app logs while handling it carries (lib/server/core/log/logger.ts reads the same
// AsyncLocalStorage through globalThis). The id comes from the proxy in front (nginx's
// $request_id) when well formed, else is made here; it is echoed in X-Request-Id. Paths are
// logged without their query string, which can carry tokens, and without prescription
// references (server/runtime/access-log.mjs).
const log = pino({
  base: { service: "hairline-clinic", instance: process.env.INSTANCE_NAME ?? undefined, pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
const LOG_CONTEXT = Symbol.for("hairline-clinic.log-context");
/**
 * The request's part of lib/server/core/log/logger.ts's LogContext.
 * @typedef {{ requestId: string, traceparent?: string, unavailable?: { message: string } }} RequestContext
 */
/**
 * globalThis as this server and the app's bundle share it: the log context, and the in-process
 * job worker's stop (lib/server/services/jobs/start-registered-worker.ts).
 * @type {typeof globalThis & { [LOG_CONTEXT]?: AsyncLocalStorage<RequestContext>, clinicJobWorkerStopped?: Promise<void> }}
 */
const shared = globalThis;
const logContext = (shared[LOG_CONTEXT] ??= new AsyncLocalStorage());
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
// Replaced by proxy.ts's nonce-based policy on dynamically rendered pages (see the module).
const STATIC_POLICY = staticContentSecurityPolicy({ dev, production: process.env.APP_ENV === "production" });
// Requests counted and traced by route pattern, never by raw path (lib/metrics/route-pattern.mjs).
const routeOf = metricsOn === null && !tracingConfigured() ? null : loadRoutePatternMatcher({ dir, distDir });
const observeRequest = metricsOn === null || !routeOf ? null : observeHttpRequests(routeOf);
// OpenTelemetry spans (lib/tracing), only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise
// nothing is imported. Jobs the request queues carry its traceparent beside its request id.
const tracing = routeOf ? await startTracing({ routeOf, trustProxy }) : null;

const server = http.createServer((req, res) => {
  const sent = req.headers["x-request-id"];
  const requestId = typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  req.headers["x-forwarded-for"] = forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress ?? "unknown", trustProxy);
  logRequestWhenFinished(log, req, res, requestId);
  observeRequest?.(req, res);
  /** @type {RequestContext} */
  const context = { requestId };
  if (tracing) context.traceparent = tracing.traceRequest(req, res, requestId);
  sendBodiesAsBytes(res);
  addPolicyUnlessSet(res, STATIC_POLICY);
  answerUnavailableWhenDatabaseDown(req, res, context);
  logContext.run(context, () =>
    handle(req, res).catch((error) => {
      log.error({ requestId, error: error instanceof Error ? error.name : typeof error }, "request failed");
      if (!res.headersSent) res.writeHead(500).end();
    }),
  );
});
server.listen(port, values.hostname, () => {
  console.log(`Serving on http://${values.hostname === "0.0.0.0" ? "localhost" : values.hostname}:${port}`);
});
const metricsServer = metricsOn === null ? null : await startMetricsServer({ port: metricsOn });
if (metricsServer) log.info({ port: /** @type {import("node:net").AddressInfo} */ (metricsServer.address()).port }, "metrics served at /metrics");

// Graceful stop (SIGTERM from `docker stop`, the cluster, npm start): no new connections,
// requests in flight finish, idle keep-alive connections close, and the in-process job worker
// (when RUN_WORKER is on) finishes or releases its jobs; its own SIGTERM handler
// (lib/server/services/jobs/start-registered-worker.ts) sets the promise awaited here. A request
// still running after 25 s is cut off.
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  const closed = new Promise((resolve) => server.close(resolve));
  metricsServer?.close();
  server.closeIdleConnections();
  // The worker's handler runs in the same signal dispatch, just after this one.
  setImmediate(async () => {
    await Promise.all([closed, shared.clinicJobWorkerStopped]);
    await stopTracing().catch(() => {});
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 25_000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
