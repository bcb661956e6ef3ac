// The OpenTelemetry side of tracing, imported only when a collector is configured
// (./start-tracing.mjs). One provider of our own, not registered as the global one: Next.js
// reports its internal spans to the global provider, and those carry the raw path
// (http.target: /prescriptions/<reference>, /orders/<id>), which must never leave the app.
// So the only spans exported are the two kinds made here, with attributes chosen one by one:
//
// - a server span per request, named "METHOD /route/[pattern]" (lib/metrics/route-pattern.mjs,
//   the pattern the metrics count by), with the method, the route pattern, the status code
//   and the request id; never the URL, its query, a path id or anything about the user;
// - a consumer span per job attempt, a child of the request that queued it (its traceparent
//   travels in the job's data beside the request id, lib/server/services/jobs/job-request-id.ts), with
//   the job's name, attempt and request id; a failure records the error's kind only, since a
//   message may quote an address.
//
// Behind our nginx (TRUST_PROXY=true) the request id is nginx's $request_id, 32 hex digits:
// it becomes the trace id, so the id in nginx's log, the app's log lines and the trace are the
// same string; and a W3C traceparent nginx passes (a tracing proxy in front) is continued.
// Without a trusted proxy both come from the client, so neither is used for the trace.
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, defaultTextMapGetter, defaultTextMapSetter } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor, RandomIdGenerator } from "@opentelemetry/sdk-trace-base";

// Methods outside this list (any token a client sends) are "_OTHER" (OpenTelemetry's HTTP conventions).
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const NGINX_REQUEST_ID = /^[0-9a-f]{32}$/;
const w3c = new W3CTraceContextPropagator();

/** The trace id of the next root span, when it should be the request id rather than random. */
class RequestTraceIds {
  random = new RandomIdGenerator();
  /** @type {string | undefined} */
  next = undefined;
  generateTraceId() {
    const id = this.next;
    this.next = undefined;
    return id ?? this.random.generateTraceId();
  }
  generateSpanId() {
    return this.random.generateSpanId();
  }
}

/**
 * @param {{ routeOf?: (url: string) => string, trustProxy?: boolean, serviceName?: string }} [options]
 * @returns {import("./active-tracing.mjs").Tracing}
 */
export function createTracing({ routeOf = () => "other", trustProxy = false, serviceName = "hairline-clinic" } = {}) {
  const ids = new RequestTraceIds();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME || serviceName, ...(process.env.INSTANCE_NAME ? { "service.instance.id": process.env.INSTANCE_NAME } : {}) }),
    idGenerator: ids,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const tracer = provider.getTracer("hairline-clinic");

  /** @param {import("@opentelemetry/api").Span} span */
  const traceparentOf = (span) => {
    /** @type {{ traceparent?: string }} */
    const carrier = {};
    w3c.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
    return carrier.traceparent;
  };
  /** @param {string | undefined} traceparent */
  const parentFrom = (traceparent) => (traceparent ? w3c.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter) : ROOT_CONTEXT);

  return {
    traceRequest(req, res, requestId) {
      const method = METHODS.has(req.method ?? "") ? req.method : "_OTHER";
      const route = routeOf(req.url ?? "/");
      const sent = req.headers.traceparent;
      const parent = trustProxy && typeof sent === "string" ? parentFrom(sent) : ROOT_CONTEXT;
      if (trustProxy && NGINX_REQUEST_ID.test(requestId) && !/^0+$/.test(requestId)) ids.next = requestId;
      let span;
      try {
        span = tracer.startSpan(`${method} ${route}`, { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "http.route": route, "request.id": requestId } }, parent);
      } finally {
        ids.next = undefined;
      }
      res.once("close", () => {
        if (res.headersSent) {
          span.setAttribute("http.response.status_code", res.statusCode);
          if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        }
        if (!res.writableFinished) span.setAttribute("error.type", "client_closed");
        span.end();
      });
      return traceparentOf(span);
    },

    async traceJob({ name, traceparent, requestId, attempt }, run) {
      const span = tracer.startSpan(
        `process ${name}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { "messaging.system": "pg-boss", "messaging.operation.type": "process", "messaging.destination.name": name, "job.attempt": attempt, ...(requestId ? { "request.id": requestId } : {}) },
        },
        parentFrom(traceparent),
      );
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
        throw error;
      } finally {
        span.end();
      }
    },

    shutdown: () => provider.shutdown(),
  };
}
