import { performance } from "node:perf_hooks";
import { redactLogPath } from "../../lib/security/redact-log-path.mjs";

/**
 * server/serve.mjs's access line: once the answer is sent, one "request" line with the path
 * as requested but without its query string (which can carry tokens) and with any
 * prescription reference redacted (lib/security/redact-log-path.mjs).
 * @param {import("pino").Logger} log
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} requestId
 */
export function logRequestWhenFinished(log, req, res, requestId) {
  const started = performance.now();
  res.once("finish", () => {
    const [pathname = ""] = (req.url ?? "/").split("?", 1);
    const path = redactLogPath(pathname);
    log.info({ requestId, method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
  });
}
