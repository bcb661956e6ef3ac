// Fault: one app instance goes away under load (issue 13). Load through the production
// topology's nginx (startCluster) on an uncached API (GET /api/health, which reads the
// database) from 20 connections, while patients book and pay through the sandbox (its webhooks
// come back through nginx to either instance); part-way through, app-1 is stopped —
// gracefully (SIGTERM, as `docker stop` does) in one run, killed (SIGKILL) in another — and
// restarted after the run.
// Figures: answers that were not 200 (target 0 with SIGTERM: in-flight requests finish and nginx
// sends new ones to app-2; with SIGKILL at most the requests in flight on app-1 at the kill, as
// nginx's access log shows them: bench/killed-in-flight.mjs), every payment made meanwhile
// confirmed exactly once, and nginx using app-1 again once it is back.
import autocannon from "autocannon";
import fs from "node:fs";
import path from "node:path";
import { inFlightOnKilled } from "./killed-in-flight.mjs";
import { heading, table } from "./report.mjs";
import { withScratchCluster } from "./scratch-cluster.mjs";
import { results, sleep } from "./harness.mjs";
import { LOAD, stamp } from "./settings.mjs";
import { bookingTargets, paymentsSettled, runTraffic, tally } from "./traffic.mjs";

const CONNECTIONS = 20;
const BOOKINGS_PER_SECOND = 2;

/**
 * One stop's figures: the health load's answers, what app-1 had in flight (SIGKILL), the
 * bookings' answers and their payments.
 * @typedef {object} StopRun
 * @property {number} requests
 * @property {Record<string, number>} statusCodes
 * @property {number} non2xx
 * @property {number} errors
 * @property {number} p99Ms
 * @property {(ReturnType<typeof inFlightOnKilled> & { killedAtMs: number, exitedAtMs: number, upstream: string }) | null} inFlightOnKilled
 * @property {{ requests: number, byStatus: Record<string, number>, status5xx: number, networkErrors: number, samples: object[] }} bookingRequests
 * @property {Awaited<ReturnType<typeof paymentsSettled>>} payments
 */
/**
 * @typedef {object} InstanceStopResult
 * @property {number} connections
 * @property {number} durationSeconds
 * @property {Record<"SIGTERM" | "SIGKILL", StopRun>} runs
 * @property {boolean} bothInstancesAfterRestart
 * @property {number | null} backInRotationSeconds
 * @property {string[]} upstreamsAfterRestart
 */

export async function instanceStop() {
  heading(`Fault: an app instance stops under load (${CONNECTIONS} connections through nginx on GET /api/health, ${BOOKINGS_PER_SECOND} bookings paid per second)`);
  await withScratchCluster("clinic_fault", async ({ cluster, client }) => {
    const duration = Math.max(9, LOAD.duration);
    /** @type {Partial<Record<"SIGTERM" | "SIGKILL", StopRun>>} */
    const runs = {};
    const nextTarget = bookingTargets();
    let lastRestart = 0;
    const logFile = path.join(cluster.nginx.runDir, "access.log");
    /** @returns {import("./killed-in-flight.mjs").AccessLogLine[]} nginx's JSON lines */
    const logLines = () => fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
    for (const signal of /** @type {const} */ (["SIGTERM", "SIGKILL"])) {
      const [instance] = cluster.instances;
      if (!instance) throw new Error("the cluster has no app instance to stop");
      const bookings = tally();
      const context = { nextTarget, payments: /** @type {import("./traffic.mjs").Payment[]} */ ([]), payDelayMs: () => 500 };
      const loadDone = autocannon({ url: `${cluster.url}/api/health`, connections: CONNECTIONS, duration, timeout: 10 });
      const bookingsDone = runTraffic({ base: cluster.url, ratePerSecond: BOOKINGS_PER_SECOND, durationMs: duration * 1000 - 1500, journeys: ["bookAndPay"], context, record: bookings.record });
      await sleep((duration * 1000) / 3);
      const killedAtMs = Date.now();
      await instance.stop(signal);
      const exitedAtMs = Date.now();
      const r = await loadDone;
      await bookingsDone;
      // What the killed instance had in flight: the most a SIGKILL may lose (SIGTERM: none). The
      // access log is kept beside the results (the next step's cluster reuses its folder), to
      // read which requests those were.
      const counted = signal === "SIGKILL" ? inFlightOnKilled(logLines(), { upstream: `127.0.0.1:${instance.port}`, killedAtMs, exitedAtMs }) : null;
      const inFlight = counted && { ...counted, killedAtMs, exitedAtMs, upstream: `127.0.0.1:${instance.port}` };
      if (inFlight) {
        fs.mkdirSync("bench-results", { recursive: true });
        fs.copyFileSync(logFile, `bench-results/bench-${stamp}-instance-stop-access.log`);
      }
      await instance.start();
      lastRestart = Date.now();
      const payments = await paymentsSettled(client, context.payments);
      const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));
      const b = bookings.summary();
      runs[signal] = {
        requests: r.requests.total,
        statusCodes: codes,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        p99Ms: r.latency.p99,
        inFlightOnKilled: inFlight,
        bookingRequests: { requests: b.requests, byStatus: b.byStatus, status5xx: b.status5xx, networkErrors: b.networkErrors, samples: [...b.serverErrorSamples, ...b.networkErrorSamples] },
        payments,
      };
    }
    // Back in rotation: nginx leaves a server that failed alone for its fail_timeout (5 s in
    // deploy/nginx/clinic.conf.template's upstream lines), then tries it again. Poll for up to
    // 20 s: the seconds from app-1's (last) restart until nginx's access log shows both instances
    // answering (the payments' settling comes in between).
    const before = fs.readFileSync(logFile, "utf8").length;
    const checkStarted = Date.now();
    /** @type {Set<string>} */
    let upstreams = new Set();
    let backInRotationSeconds = null;
    while (Date.now() - checkStarted < 20_000) {
      for (let i = 0; i < 10; i += 1) await fetch(`${cluster.url}/api/health`);
      await sleep(200);
      upstreams = new Set(fs.readFileSync(logFile, "utf8").slice(before).split("\n").filter(Boolean).map((line) => JSON.parse(line).upstream));
      if (upstreams.size >= 2) {
        backInRotationSeconds = +((Date.now() - lastRestart) / 1000).toFixed(1);
        break;
      }
      await sleep(500);
    }
    if (!runs.SIGTERM || !runs.SIGKILL) throw new Error("a stop was not measured");
    results.instanceStop = { connections: CONNECTIONS, durationSeconds: duration, runs: { SIGTERM: runs.SIGTERM, SIGKILL: runs.SIGKILL }, bothInstancesAfterRestart: upstreams.size >= 2, backInRotationSeconds, upstreamsAfterRestart: [...upstreams] };
    console.log(table(["stop", "health requests", "answers", "non-2xx + errors", "in flight on app-1 (health / other)", "p99 ms", "booking answers", "paid / confirmed once"], Object.entries(runs).map(([signal, r]) => [
      signal,
      r.requests,
      Object.entries(r.statusCodes).map(([code, n]) => `${code}: ${n}`).join(", "),
      r.non2xx + r.errors,
      r.inFlightOnKilled ? `${r.inFlightOnKilled.health} / ${r.inFlightOnKilled.other}` : "-",
      r.p99Ms,
      Object.entries(r.bookingRequests.byStatus).map(([code, n]) => `${code}: ${n}`).join(", "),
      `${r.payments.paid} / ${r.payments.confirmedExactlyOnce}`,
    ])));
    console.log(`after app-1's restart nginx sent requests to: ${[...upstreams].join(", ")}${backInRotationSeconds === null ? " (app-1 not within 20 s)" : ` (both within ${backInRotationSeconds} s)`}`);
  });
}
