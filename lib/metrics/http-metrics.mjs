import { counter, histogram } from "./registry.mjs";

// Methods outside this list (any token a client sends) share one label value.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * server/serve.mjs's request metrics: once the answer is sent, http_requests_total and
 * http_request_duration_seconds by route pattern (`routeOf`, lib/metrics/route-pattern.mjs),
 * method and status class. A request whose client went away before the answer was sent is
 * not counted. The route pattern is also what a tracer would name its span after.
 * @param {(url: string) => string} routeOf
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function observeHttpRequests(routeOf) {
  const requests = counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status class.",
    labelNames: ["route", "method", "status_class"],
  });
  const duration = histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to finishing its answer, by route pattern and method.",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return (req, res) => {
    const stopTimer = duration.startTimer();
    res.once("finish", () => {
      const route = routeOf(req.url ?? "/");
      const method = METHODS.has(req.method ?? "") ? req.method : "other";
      requests.inc({ route, method, status_class: `${Math.floor(res.statusCode / 100)}xx` });
      stopTimer({ route, method });
    });
  };
}
