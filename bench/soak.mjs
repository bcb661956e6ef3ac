// Soak (issue 13): mixed traffic at a fixed rate through the production topology (nginx in
// front of two app instances and a worker, server/runtime/cluster.mjs) for ten minutes: visitors
// browse, register, sign in, fill carts, and book and pay through the sandbox (whose webhooks
// come back through nginx). Figures: answers ≥ 500 (target 0), each instance's resident memory
// at the end against just after warm-up (growth < 10 %), the database connections each process
// holds against its pools, and every payment confirmed exactly once.
import fs from "node:fs";
import { createPatients } from "./patients.mjs";
import { fixed, heading, table } from "./report.mjs";
import { withScratchCluster } from "./scratch-cluster.mjs";
import { results, sleep } from "./harness.mjs";
import { SOAK } from "./settings.mjs";
import { bookingTargets, paymentsSettled, runTraffic, tally } from "./traffic.mjs";

// Of every 20 visitors: 9 browse, 3 fill a cart, 3 sign in, 2 call the API, 2 register, 1 books and pays.
/** @type {import("./traffic.mjs").JourneyName[]} */
const MIX = ["browse", "cart", "browse", "login", "api", "browse", "register", "browse", "cart", "bookAndPay", "browse", "login", "browse", "api", "cart", "browse", "register", "login", "browse", "browse"];
// Connections each pool may open, by application_name: Prisma's pool in each app instance and
// in the worker (lib/env.ts DATABASE_POOL_SIZE = 10; PGAPPNAME names them), pg-boss
// ("clinic-jobs": 2 per app instance to queue jobs, up to 20 in the worker) and the plans
// cache's LISTEN (1 per instance).
/** @type {Record<string, number>} */
const POOL_BOUND = { app: 10, worker: 10, "clinic-jobs": 2 * 2 + 20, "plans-cache": 2 };

export const SOAK_MEMORY_GROWTH_TARGET = 0.1;

/**
 * The soak's figures: the traffic's (runTraffic's and tally's), each instance's resident memory
 * after warm-up and at the end, the database connections' peaks against their pools, the payments.
 * @typedef {{
 *   minutes: number,
 *   visitorsPerSecond: number,
 *   warmupSeconds: number,
 *   memory: { name: string, afterWarmupMb: number, endMb: number, growth: number | null, samples: number }[],
 *   connections: { peak: { name: string, peak: number, bound: number | null, within: boolean }[], samples: number, poolBounds: Record<string, number> },
 *   payments: Awaited<ReturnType<typeof paymentsSettled>>,
 * } & Awaited<ReturnType<typeof runTraffic>> & ReturnType<ReturnType<typeof tally>["summary"]>} SoakResult
 */

export async function soak() {
  const minutes = SOAK.minutes;
  heading(`Soak: ${minutes} min of mixed traffic through nginx onto two instances (${SOAK.rate} visitors/s)`);
  await withScratchCluster("clinic_soak", async ({ cluster, client, databaseUrl }) => {
    const patients = await createPatients(databaseUrl, { count: 40, label: "soak", questionnaire: false });
    const counts = tally();
    const context = { patients, nextTarget: bookingTargets(), payments: /** @type {import("./traffic.mjs").Payment[]} */ ([]) };
    const durationMs = minutes * 60_000;
    const warmupMs = Math.min(120_000, durationMs / 5);
    const memory = cluster.instances.map((instance) => ({ name: instance.name, instance, samples: /** @type {{ t: number, rssKb: number }[]} */ ([]) }));
    /** @type {{ t: number, byName: Record<string, number> }[]} */
    const connections = [];
    let sampling = true;
    const startedAt = Date.now();
    const sampler = (async () => {
      while (sampling) {
        const t = (Date.now() - startedAt) / 1000;
        for (const { instance, samples } of memory) {
          const rss = rssKb(instance.process?.pid);
          if (rss) samples.push({ t, rssKb: rss });
        }
        /** @type {import("pg").QueryResult<{ name: string, n: number }>} */
        const { rows } = await client.query("SELECT coalesce(nullif(application_name, ''), 'other') AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1");
        connections.push({ t, byName: Object.fromEntries(rows.map((r) => [r.name, r.n])) });
        await sleep(5000);
      }
    })();
    const traffic = await runTraffic({ base: cluster.url, ratePerSecond: SOAK.rate, durationMs, journeys: MIX, context, record: counts.record });
    sampling = false;
    await sampler;
    const payments = await paymentsSettled(client, context.payments);
    const summary = counts.summary();

    // Memory: the mean of the minute after warm-up against the mean of the last minute.
    /**
     * @param {{ t: number, rssKb: number }[]} samples
     * @param {number} from
     * @param {number} to
     */
    const window = (samples, from, to) => samples.filter((s) => s.t >= from && s.t < to).map((s) => s.rssKb);
    const mean = (/** @type {number[]} */ list) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
    const w = warmupMs / 1000;
    const end = durationMs / 1000;
    const memoryFigures = memory.map(({ name, samples }) => {
      const after = mean(window(samples, w, w + 60));
      const last = mean(window(samples, end - 60, end + 1));
      return { name, afterWarmupMb: +(after / 1024).toFixed(1), endMb: +(last / 1024).toFixed(1), growth: after ? +((last - after) / after).toFixed(3) : null, samples: samples.length };
    });
    /** @type {Record<string, number>} */
    const peak = {};
    for (const sample of connections) for (const [name, n] of Object.entries(sample.byName)) peak[name] = Math.max(peak[name] ?? 0, n);
    const bound = (/** @type {string} */ name) => (name.startsWith("app-") ? POOL_BOUND.app : POOL_BOUND[name]) ?? null;
    const connectionFigures = Object.entries(peak).map(([name, n]) => {
      const limit = bound(name);
      return { name, peak: n, bound: limit, within: limit === null || n <= limit };
    });
    /** @type {SoakResult} */
    const soakResult = {
      minutes,
      visitorsPerSecond: SOAK.rate,
      warmupSeconds: w,
      ...traffic,
      ...summary,
      memory: memoryFigures,
      connections: { peak: connectionFigures, samples: connections.length, poolBounds: POOL_BOUND },
      payments,
    };
    results.soak = soakResult;
    console.log(table(["figure", "value"], [
      ["visitors started (skipped: too many in flight)", `${traffic.journeysStarted} (${traffic.skipped})`],
      ["requests", summary.requests],
      ["answers", Object.entries(summary.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ")],
      ["answers ≥ 500 / network errors", `${summary.status5xx} / ${summary.networkErrors}`],
      ...memoryFigures.map((m) => [`${m.name} RSS after warm-up → end (MB)`, `${m.afterWarmupMb} → ${m.endMb} (${fixed((m.growth ?? 0) * 100, 1)} %)`]),
      ...connectionFigures.map((c) => [`peak connections: ${c.name}`, `${c.peak}${c.bound === null ? "" : ` (pool ≤ ${c.bound})`}`]),
      ["payments: paid / confirmed exactly once", `${payments.paid} / ${payments.confirmedExactlyOnce}`],
    ]));
    for (const sample of summary.serverErrorSamples) console.log(`  5xx sample: ${sample.kind} ${sample.status} ${sample.body ?? ""}`);
  });
}

/**
 * A process's resident memory in KB (/proc), or null when it is gone.
 * @param {number | undefined} pid
 */
function rssKb(pid) {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
