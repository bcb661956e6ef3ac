// The metrics endpoint: its own port (METRICS_PORT), never the app's public port, so nginx
// and the internet cannot reach it; docker-compose.yml publishes no metrics port and
// Prometheus scrapes it over the internal network (deploy/observability/prometheus.yml).
import http from "node:http";
import { metricsRegistry } from "./registry.mjs";

/**
 * METRICS_PORT as a port number, or null when unset or empty (metrics off: the default in
 * development and tests). Throws with the variable's name when it is not a port.
 * @param {NodeJS.ProcessEnv} environment
 */
export function metricsPort(environment = process.env) {
  const value = environment.METRICS_PORT?.trim();
  if (!value) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number (0-65535), not "${value}".`);
  return port;
}

/**
 * Serves GET /metrics (the registry's text format) on `port` (0: any free port) and `host`
 * (METRICS_HOST, default 127.0.0.1; 0.0.0.0 in a container so Prometheus reaches it); any
 * other path is 404. Resolves with the listening server.
 * @param {{ port: number, host?: string, registry?: import("prom-client").Registry }} options
 * @returns {Promise<http.Server>}
 */
export function startMetricsServer({ port, host = process.env.METRICS_HOST || "127.0.0.1", registry = metricsRegistry() }) {
  const server = http.createServer(async (req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || (req.url ?? "").split("?", 1)[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at GET /metrics.\n");
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      res.writeHead(500, { "Content-Type": "text/plain" }).end(`Metrics collection failed: ${error instanceof Error ? error.name : "error"}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
