// `npm run bench`: one run that measures the shop against its performance targets and
// writes bench-results/bench-<timestamp>.json.
//
//   1. prepares a throw-away database (migrated and seeded) and a production build in
//      .next-bench, then serves it with server/serve.mjs (what `npm start` runs: Next.js's
//      request handler behind node:http) on 127.0.0.1;
//   2. a bare node:http server on 127.0.0.1 serving the exact bytes of the app's home page is
//      the baseline for throughput (and, for reference, the same prerendered HTML served by
//      `next start` as a plain static file: Next.js's own floor);
//   3. throughput (autocannon) of the home, a category and a product page, /api/health and
//      the baseline, and whether the pages are served prerendered;
//   3b. GET /api/plans beside GET /api/health/live at 20 connections, both answered from memory
//      (bench/plans-api.mjs): the ratio of their requests/s and the plans' p99;
//   3c. GET /api/user with a patient's bearer token at 20 connections, in turns with /api/health
//      (bench/user-api.mjs): its p99 ÷ /api/health's p99, each the median of three turns;
//   4. JavaScript weight (external scripts a modern browser loads, gzipped): every public page
//      (home, catalogue, consultation, assessment, cart) against an empty App Router page built
//      with the same Next.js in this run (bench/framework-floor.mjs: home ≤ 1.05 ×,
//      the others ≤ 1.10 ×); the prescription questionnaire's step page (and, for the
//      record, its checkout page), requested signed in as a patient made in the scratch
//      database, as a ratio to the framework floor: the app's 404 page, the root layout
//      around a server-only page (each run checks that it has no page-level chunk);
//   5. Lighthouse (mobile, simulated throttling) on the home, a category and a product page;
//   6. the time a second `npm start` (already built and migrated) takes to answer /api/health;
//   7. POST /api/consultations/pay under 50 concurrent writers all after one slot (payments on
//      the local sandbox): requests/s, p99, and the bookings created, which must equal the
//      slot's capacity (every other answer a 409 "Slot not available.");
//   7b. booking holds: 20 client addresses trying to hold the 30-day diary (bench/booking-holds.mjs):
//      the share of its places they hold at once (target ≤ 15 %);
//   8. POST /api/prescription/pay from 50 signed-in patients at once (each with a submitted
//      questionnaire, its own bearer token and client address): every answer a 200, 50
//      prescription requests with 50 distinct checkout sessions in the database, and p50/p99
//      beside GET /api/health's, measured in bursts of 50 over the same 50 connections;
//   8b. the production topology (nginx cache in front of two instances, server/runtime/cluster.mjs):
//      public pages through the cache ÷ nginx serving the same bytes from disk (target ≥ 0.9),
//      GET /api/plans through the cache (p99 ≤ 30 ms) and GET /api/user's p99 ÷ GET /api/health's
//      through the same nginx, three alternating turns each (≤ 1.25, bench/topology-api.mjs);
//   8c. faults under load through nginx: an app instance stopped (SIGTERM, then SIGKILL) while
//      patients pay (bench/instance-stop.mjs), PostgreSQL stopped for 20 s
//      (bench/database-outage.mjs);
//   8d. a ten-minute soak of mixed traffic through nginx onto two instances (bench/soak.mjs);
//   8e. bounded growth (issue 24): --growth-days simulated days (37) of the soak's mixed traffic
//      through nginx, each ended by advancing the clock a day (every instant retention reads
//      moved a day back) and running retention.sweep through the job queue; per covered table
//      (and pg-boss's job and archive), its rows on the last day ÷ on the day its retention
//      window filled, ≤ 1.10 (bench/growth.mjs);
//   8f. data at scale (issue 24, --scale): p99 of the staff queues (first page and five pages
//      deep), case, order and audit pages, the busy patient's dashboard pages and APIs, sign-in
//      and a paid-invoice webhook to its order, at 10 connections, on a year of data
//      (bench/scale/seed-scale.mjs at --scale-factor) ÷ on an empty clinic, both servers up at
//      once and measured in alternating turns (bench/scale/measure.mjs);
//      then the cost per patient (bench/scale/cost.mjs) on the empty clinic, a tenth of the
//      scaled one and the scaled one: the server's CPU-ms per purchase journey over HTTP
//      (product page → assessment → cart → checkout → pay in the sandbox → webhook → the
//      pharmacist claims and dispenses) and the journeys/min it sustains with p99 ≤ 1 s
//      (an open-loop ramp); targets on the trend: CPU ≤ 1.5 × empty's, rate ≥ 0.67 × empty's;
//   9. a verdict: each figure against its target.
// The exit code is 0 when the bench ran (even if a target fails: it is a report), 1 when it
// could not run or a step errored.
//
//   --quick            shorter load runs (development of the bench itself)
//   --no-lighthouse    skip step 5        --no-startup   skip step 6     --no-pay   skip step 7
//   --no-prescription  skip step 8        --no-holds  skip step 7b     --no-proxy  skip step 8b
//   --no-faults        skip step 8c       --no-soak   skip step 8d     --soak-minutes N  (10; 2 with --quick)
//   --topology-only    after the build, only steps 8b–8e
//   --no-growth        skip step 8e       --growth-only  after the build, only step 8e
//   --growth-days N    simulated days for step 8e (37; at least 2)
//   --growth           keep step 8e beside --scale-only
//   --no-cost          step 8f without the cost per purchase journey
//   --scale            add step 8f   --scale-only  after the build, only step 8f
//   --scale-factor F   the scaled clinic's size for step 8f (1 = 100,000 patients, 1,000,000 orders …; default 1)
//   --scale-targets a,b  only those of step 8f's latency targets (keys in bench/scale/measure.mjs)
//   --lh-runs N        Lighthouse runs per page; the run with the median performance score is
//                      reported (default 3; 1 with --quick)
//   BENCH_PORT         port of the bench's app server (default 3300); the second `npm start`
//                      uses BENCH_PORT + 1. Everything listens on 127.0.0.1 only, except that
//                      `npm start` itself binds as it always does.
import fs from "node:fs";
import path from "node:path";
// Settings first: it moves to the repository's root and keeps the environment as the user had it.
import { BASE, GROWTH_ONLY, LOAD, SCALE, SCALE_ONLY, SKIP_FAULTS, SKIP_GROWTH, SKIP_HOLDS, SKIP_LIGHTHOUSE, SKIP_PROXY, SKIP_PAY, SKIP_PRESCRIPTION, SKIP_SOAK, SKIP_STARTUP, TOPOLOGY_ONLY, stamp, startedAt } from "./settings.mjs";
import { benchBookingHolds, HOLD_ADDRESSES } from "./booking-holds.mjs";
import { benchConsultationPay } from "./consultation-pay.mjs";
import { frameworkFloor } from "./framework-floor.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { javascriptWeight, prescriptionJavascript } from "./javascript.mjs";
import { checkPages } from "./pages.mjs";
import { benchPlansApi, PLANS_PATH, PLANS_REFERENCE_PATH } from "./plans-api.mjs";
import { prepare } from "./prepare.mjs";
import { proxyCache } from "./proxy-cache.mjs";
import { measureScale } from "./scale/measure.mjs";
import { databaseOutage } from "./database-outage.mjs";
import { instanceStop } from "./instance-stop.mjs";
import { soak } from "./soak.mjs";
import { growth } from "./growth.mjs";
import { prescriptionPay } from "./prescription-pay-step.mjs";
import { fixed, heading, table } from "./report.mjs";
import { children, cleanup, errorMessage, results, scratchDatabase, stepError, stopChild, takeOverSignals } from "./harness.mjs";
import { startupTime } from "./startup.mjs";
import { TURNS_PER_SIDE } from "./turns.mjs";
import { benchUserApi, USER_CONNECTIONS } from "./user-api.mjs";
import { startBaselineServer, throughput } from "./throughput.mjs";
import { verdict } from "./verdict.mjs";

takeOverSignals();

let fatal = null;
try {
  await prepare();
  if (!TOPOLOGY_ONLY && !SCALE_ONLY && !GROWTH_ONLY) {
    let baselineBody = null;
    try {
      baselineBody = await checkPages();
    } catch (error) {
      stepError("prerender check", error);
    }
    try {
      await throughput(baselineBody);
    } catch (error) {
      stepError("throughput", error);
    }
    try {
      heading(`GET ${PLANS_PATH} beside GET ${PLANS_REFERENCE_PATH}, both from memory (20 connections, ${TURNS_PER_SIDE} alternating turns each, ${LOAD.warmup} s warm-up and ${LOAD.duration} s a turn)`);
      const r = await benchPlansApi({
        base: BASE,
        duration: LOAD.duration,
        warmup: LOAD.warmup,
        floorUrl: async (body, contentType) => {
          const server = await startBaselineServer({ body, contentType });
          return { url: server.url, stop: () => server.child.kill() };
        },
      });
      results.plansApi = r;
      console.log(table(["request", `req/s (median of ${TURNS_PER_SIDE})`, "p50 ms", `p99 ms (median of ${TURNS_PER_SIDE})`, "non-2xx", "errors"], [
        [`GET ${PLANS_REFERENCE_PATH}`, fixed(r.reference.requestsPerSecond), "-", fixed(r.reference.latencyP99Ms), "-", "-"],
        [`GET ${PLANS_PATH}`, fixed(r.plans.requestsPerSecond), fixed(r.plans.latencyP50Ms), fixed(r.plans.latencyP99Ms), r.plans.non2xx, r.plans.errors],
        ...(r.floor ? [["floor: node:http, the same bytes", fixed(r.floor.requestsPerSecond), fixed(r.floor.latencyP50Ms), fixed(r.floor.latencyP99Ms), "-", "-"]] : []),
      ]));
    } catch (error) {
      stepError("plans api", error);
    }
    try {
      heading(`GET /api/user with a bearer token beside GET /api/health (${USER_CONNECTIONS} connections, ${TURNS_PER_SIDE} alternating turns each, ${LOAD.warmup} s warm-up and ${LOAD.duration} s a turn)`);
      const r = await benchUserApi({ base: BASE, databaseUrl: scratchDatabase().url, duration: LOAD.duration, warmup: LOAD.warmup });
      results.userApi = r;
      console.log(table(["request", `req/s (median of ${TURNS_PER_SIDE})`, "p50 ms", `p99 ms (median of ${TURNS_PER_SIDE})`, "non-2xx", "errors"], [
        ["GET /api/health", fixed(r.health.requestsPerSecond), "-", fixed(r.health.latencyP99Ms), "-", "-"],
        ["GET /api/user (bearer)", fixed(r.user.requestsPerSecond), fixed(r.user.latencyP50Ms), fixed(r.user.latencyP99Ms), r.user.non2xx, r.user.errors],
      ]));
    } catch (error) {
      stepError("user api", error);
    }
    try {
      await javascriptWeight();
    } catch (error) {
      stepError("javascript weight", error);
    }
    try {
      await frameworkFloor({ base: BASE });
    } catch (error) {
      stepError("framework floor", error);
    }
    try {
      await prescriptionJavascript();
    } catch (error) {
      stepError("prescription pages' javascript", error);
    }
    if (!SKIP_LIGHTHOUSE) {
      try {
        await runLighthouse();
      } catch (error) {
        stepError("lighthouse", error);
      }
    }
    if (!SKIP_PAY) {
      try {
        heading(`Consultation pay (${LOAD.connections} concurrent writers, one slot, ${LOAD.duration} s)`);
        results.pay = await benchConsultationPay({ base: BASE, databaseUrl: scratchDatabase().url, connections: LOAD.connections, duration: LOAD.duration });
        const p = results.pay;
        console.log(table(["figure", "value"], [
          ["requests/s", fixed(p.requestsPerSecond, 0)],
          ["p50 / p99 latency (ms)", `${p.latencyP50Ms} / ${p.latencyP99Ms}`],
          ["requests", p.requestsTotal],
          ["answers", Object.entries(p.statusCodes).map(([code, n]) => `${code}: ${n}`).join(", ")],
          ["slot capacity / bookings created", `${p.capacity} / ${p.bookingsCreated}`],
          ["checkout sessions opened", p.sessionsOpened],
        ]));
      } catch (error) {
        stepError("consultation pay", error);
      }
    }
    if (!SKIP_HOLDS) {
      try {
        heading(`Booking holds: ${HOLD_ADDRESSES} client addresses trying to hold the 30-day diary`);
        results.bookingHolds = await benchBookingHolds({ base: BASE, databaseUrl: scratchDatabase().url });
        const h = results.bookingHolds;
        console.log(table(["figure", "value"], [
          ["attempts", h.attempts],
          ["answers", Object.entries(h.statusCodes).map(([code, n]) => `${code}: ${n}`).join(", ")],
          ["places held (most by one address)", `${h.placesHeld} (${h.mostByOneAddress})`],
          ["bookable places in the window", h.placesInWindow],
          ["share held", `${fixed(h.share * 100, 1)} % (target ≤ ${h.target * 100} %)`],
        ]));
      } catch (error) {
        stepError("booking holds", error);
      }
    }
    if (!SKIP_PRESCRIPTION) {
      try {
        await prescriptionPay();
      } catch (error) {
        stepError("prescription pay", error);
      }
    }
  }
  // The bench's own app server is no longer needed; stop it before the production topology
  // takes its address and before timing `npm start`.
  for (const child of [...children]) await stopChild(child);
  if (SCALE) {
    try {
      await measureScale();
    } catch (error) {
      stepError("data at scale", error);
    }
  }
  if (!SKIP_PROXY) {
    try {
      await proxyCache();
    } catch (error) {
      stepError("proxy cache", error);
    }
  }
  if (!SKIP_FAULTS) {
    try {
      await instanceStop();
    } catch (error) {
      stepError("instance stop", error);
    }
    try {
      await databaseOutage();
    } catch (error) {
      stepError("database outage", error);
    }
  }
  if (!SKIP_SOAK) {
    try {
      await soak();
    } catch (error) {
      stepError("soak", error);
    }
  }
  if (!SKIP_GROWTH) {
    try {
      await growth();
    } catch (error) {
      stepError("bounded growth", error);
    }
  }
  if (!SKIP_STARTUP && !TOPOLOGY_ONLY) {
    try {
      await startupTime();
    } catch (error) {
      stepError("start-up time", error);
    }
  }
} catch (error) {
  fatal = error;
  console.error(`\nThe bench could not run: ${errorMessage(error)}`);
  results.errors.push({ step: "prepare", message: errorMessage(error) });
} finally {
  await cleanup();
}

if (!fatal) verdict();
results.finishedAt = new Date().toISOString();
results.durationSeconds = +((Date.now() - startedAt.getTime()) / 1000).toFixed(1);
fs.mkdirSync("bench-results", { recursive: true });
const outFile = path.join("bench-results", `bench-${stamp}.json`);
fs.writeFileSync(outFile, JSON.stringify(results, null, 2));
console.log(`\nResults written to ${outFile} (bench took ${results.durationSeconds} s).`);
process.exit(fatal || results.errors.length ? 1 : 0);
