// Small network helpers: free ports, waiting for a server, raw GETs.
import http from "node:http";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { HOST, RESERVED_PORTS } from "./settings.mjs";
import { sleep, tail } from "./harness.mjs";

/**
 * Throws when `port` is one other tools keep, or something listens on it (on the bench's host,
 * or on every address).
 * @param {number} port
 */
export async function assertPortFree(port) {
  if (RESERVED_PORTS.has(port)) throw new Error(`Port ${port} is reserved for other tools; set BENCH_PORT to another port.`);
  for (const host of [HOST, "::", "0.0.0.0"]) {
    /** @type {Promise<void>} */
    const probed = new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", (/** @type {NodeJS.ErrnoException} */ error) => {
        if (error.code === "EADDRINUSE") reject(new Error(`Port ${port} is in use (${host}); stop what listens there or set BENCH_PORT.`));
        else resolve(); // e.g. no IPv6 on this machine
      });
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
    });
    await probed;
  }
}

/**
 * Waits until `port` is free (assertPortFree), for up to `timeoutMs`.
 * @param {number} port
 */
export async function waitForPortFree(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertPortFree(port);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

/**
 * Polls url until it answers 200; returns ms since `since`. Fails early when `child` exits.
 * @param {string} url
 * @param {{ timeoutMs: number, child?: import("./harness.mjs").BenchChild, since?: number, intervalMs?: number }} options
 */
export async function waitForHealth(url, { timeoutMs, child, since = performance.now(), intervalMs = 50 }) {
  const deadline = since + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {}
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${child.label} exited (code ${child.exitCode ?? child.signalCode}) before ${url} answered 200:\n${tail(child)}`);
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s${child ? `:\n${tail(child)}` : ""}`);
    await sleep(intervalMs);
  }
}

/**
 * GET returning the bytes as sent on the wire (no decompression).
 * @param {string} url
 * @param {import("node:http").OutgoingHttpHeaders} [headers]
 * @returns {Promise<{ status: number | undefined, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>}
 */
export function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 15_000 }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}
