// A tiny OTLP/HTTP trace receiver (what a collector is to the app): it accepts the JSON the
// app's exporter posts to /v1/traces (lib/tracing/otel-tracing.mjs) and keeps each span,
// flattened, in memory and, with `file`, as one JSON line per span. The integration tests read
// the spans directly; the e2e run (scripts/test.mjs) points the app at it and its log scan
// (e2e/zz-logs-carry-no-personal-data.spec.ts) reads the file.
import fs from "node:fs";
import http from "node:http";

/**
 * @typedef {string | number | boolean | undefined} PlainValue
 * @typedef {{ traceId: string, spanId: string, parentSpanId: string | undefined, name: string, kind: number, service: PlainValue, attributes: Record<string, PlainValue> }} ReceivedSpan
 */

/**
 * The OTLP/HTTP JSON a trace exporter posts (the fields read here; the exporter's, so taken as given).
 * @typedef {{ stringValue?: string, intValue?: string | number, doubleValue?: number, boolValue?: boolean }} AnyValue
 * @typedef {{ key: string, value?: AnyValue }[]} Attributes
 * @typedef {{ traceId: string, spanId: string, parentSpanId?: string, name: string, kind: number, attributes?: Attributes }} Span
 * @typedef {{ resourceSpans?: { resource?: { attributes?: Attributes }, scopeSpans?: { spans?: Span[] }[] }[] }} TraceRequest
 */

/**
 * An OTLP AnyValue as a plain value (the app sends strings, integers and booleans only).
 * @param {AnyValue | undefined} value
 * @returns {PlainValue}
 */
function plain(value) {
  if (!value) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return value.doubleValue;
  if ("boolValue" in value) return value.boolValue;
  return JSON.stringify(value);
}
/** @param {Attributes} [list] */
const attributesOf = (list = []) => Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));

/**
 * @param {{ port?: number; host?: string; file?: string }} [options]
 * @returns {Promise<{ url: string; spans: ReceivedSpan[]; close: () => Promise<void> }>}
 */
export async function startOtlpReceiver({ port = 0, host = "127.0.0.1", file } = {}) {
  /** @type {ReceivedSpan[]} */
  const spans = [];
  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !String(req.headers["content-type"]).startsWith("application/json")) return void res.writeHead(415).end();
      /** @type {TraceRequest} */
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = attributesOf(resourceSpans.resource?.attributes)["service.name"];
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            const received = { traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId || undefined, name: span.name, kind: span.kind, service, attributes: attributesOf(span.attributes) };
            spans.push(received);
            if (file) fs.appendFileSync(file, `${JSON.stringify(received)}\n`);
          }
        }
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { url: `http://${host}:${address.port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
