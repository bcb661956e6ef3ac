// 3. Throughput (autocannon) of the pages against the same bytes from a bare node:http server.
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startFloorApp } from "./framework-floor.mjs";
import { fixed, heading, table } from "./report.mjs";
import { results, run, stopChild, trackChild } from "./harness.mjs";
import { BASE, HOST, LOAD, PAGES, TARGETS, root } from "./settings.mjs";

/** @typedef {Awaited<ReturnType<typeof load>>} LoadFigures One autocannon run's figures. */
/** @typedef {LoadFigures & { key: string, label: string, url: string, ratio?: number | null, ratioVsTrivialPage?: number | null, ratioVsNextStatic?: number | null }} ThroughputRun */
/**
 * @typedef {object} ThroughputResult
 * @property {typeof LOAD} settings
 * @property {number} baselineRequestsPerSecond
 * @property {number} baselineSpread
 * @property {number} trivialPageRequestsPerSecond
 * @property {number} trivialPageSpread
 * @property {number | null} nextStaticRequestsPerSecond
 * @property {ThroughputRun[]} runs
 */

/**
 * A bare node:http server (bench/static-server.mjs, a process of its own) answering every
 * request with `body`.
 * @param {{ body: Buffer, contentType: string }} answer
 */
export async function startBaselineServer({ body, contentType }) {
  const child = trackChild(fork(path.join(root, "bench/static-server.mjs"), [], { detached: true, stdio: ["ignore", "inherit", "inherit", "ipc"] }), "static baseline");
  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    child.once("message", (/** @type {{ port: number }} */ message) => resolve(message.port));
    child.once("exit", () => reject(new Error("The baseline server exited before listening.")));
    child.send({ body: body.toString("base64"), contentType });
  });
  return { child, url: `http://${HOST}:${port}/` };
}

/** @param {string} url */
export async function load(url) {
  const options = { url, connections: LOAD.connections, pipelining: LOAD.pipelining, timeout: 10 };
  await autocannon({ ...options, duration: LOAD.warmup }); // warm-up, discarded
  const loadBefore = os.loadavg()[0];
  const r = await autocannon({ ...options, duration: LOAD.duration });
  return {
    requestsPerSecond: r.requests.average,
    requestsTotal: r.requests.total,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    throughputBytesPerSecond: r.throughput.average,
    loadAverage1m: +(loadBefore ?? 0).toFixed(2),
  };
}

/** @param {{ body: Buffer, contentType: string } | null} home the home page's answer (checkPages) */
export async function throughput(home) {
  heading(`Throughput (autocannon: ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ${LOAD.warmup} s warm-up discarded, ${LOAD.duration} s measured)`);
  if (!home) throw new Error("No home page body for the baseline (see the prerender check).");
  const baseline = await startBaselineServer(home);
  console.log(`baseline: node:http on ${baseline.url} serving the home page's ${home.body.length} bytes (${home.contentType})`);
  // The owner's reference: a trivial prerendered page served through the same server, i.e.
  // the empty App Router floor app's page (framework-floor.mjs) through server/serve.mjs.
  const floor = await startFloorApp();
  console.log(`trivial prerendered page: the empty App Router app's / through server/serve.mjs on ${floor.url}`);
  // The baseline and the trivial page run first and last; their means are the references,
  // which evens out drift in the machine's other load during the run.
  /** @type {ThroughputRun[]} */
  const runs = [];
  /**
   * @param {string} key
   * @param {string} label
   * @param {string} url
   */
  const measure = async (key, label, url) => {
    process.stdout.write(`  ${label.padEnd(24)} ${url} ... `);
    const r = await load(url);
    console.log(`${fixed(r.requestsPerSecond)} req/s`);
    runs.push({ key, label, url, ...r });
    return r;
  };
  try {
    const first = await measure("baseline-1", "baseline (first)", baseline.url);
    const trivialFirst = await measure("trivial-1", "trivial page (first)", `${floor.url}/`);
    for (const page of PAGES) await measure(page.key, page.label, `${BASE}${page.path}`);
    if (run.nextStaticPath) {
      const probe = await fetch(`${BASE}${run.nextStaticPath}`).catch(() => null);
      await probe?.arrayBuffer();
      if (probe?.status === 200) await measure("next-static", "next static file", `${BASE}${run.nextStaticPath}`);
      else console.log(`  (next static file ${run.nextStaticPath} answered ${probe?.status ?? "nothing"}; skipped)`);
    }
    const trivialLast = await measure("trivial-2", "trivial page (last)", `${floor.url}/`);
    const last = await measure("baseline-2", "baseline (last)", baseline.url);
    report(runs, { first, last, trivialFirst, trivialLast });
  } finally {
    await stopChild(baseline.child);
    await floor.stop();
  }
}

/**
 * The figures into results.throughput, each run's ratios to the references, and the table.
 * @param {ThroughputRun[]} runs
 * @param {{ first: LoadFigures, last: LoadFigures, trivialFirst: LoadFigures, trivialLast: LoadFigures }} references
 */
function report(runs, { first, last, trivialFirst, trivialLast }) {
  const baselineRps = (first.requestsPerSecond + last.requestsPerSecond) / 2;
  const trivialRps = (trivialFirst.requestsPerSecond + trivialLast.requestsPerSecond) / 2;
  const nextStaticRps = runs.find((r) => r.key === "next-static")?.requestsPerSecond ?? null;
  results.throughput = {
    settings: LOAD,
    baselineRequestsPerSecond: baselineRps,
    baselineSpread: Math.abs(first.requestsPerSecond - last.requestsPerSecond) / baselineRps,
    trivialPageRequestsPerSecond: trivialRps,
    trivialPageSpread: Math.abs(trivialFirst.requestsPerSecond - trivialLast.requestsPerSecond) / trivialRps,
    nextStaticRequestsPerSecond: nextStaticRps,
    runs,
  };
  const rows = runs.map((r) => {
    const page = PAGES.find((p) => p.key === r.key);
    const measured = page || r.key === "next-static";
    r.ratio = measured ? r.requestsPerSecond / baselineRps : null;
    r.ratioVsTrivialPage = measured ? r.requestsPerSecond / trivialRps : null;
    r.ratioVsNextStatic = page && nextStaticRps ? r.requestsPerSecond / nextStaticRps : null;
    const ratio = (/** @type {number | null} */ value) => (value === null ? "-" : fixed(value, 2));
    return [r.label, fixed(r.requestsPerSecond), fixed(r.latencyP50Ms), fixed(r.latencyP99Ms), r.non2xx, r.errors + r.timeouts, ratio(r.ratioVsTrivialPage), ratio(r.ratioVsNextStatic), ratio(r.ratio), page?.page ? `≥ ${TARGETS.ratio}` : "-", fixed(r.loadAverage1m, 2)];
  });
  console.log();
  console.log(table(["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "÷ trivial page", "÷ next static", "÷ node:http", "target", "load 1m"], rows));
  console.log(`references: trivial prerendered page ${fixed(trivialRps)} req/s (mean of first and last; they differ by ${fixed(results.throughput.trivialPageSpread * 100)} %), node:http ${fixed(baselineRps)} req/s (they differ by ${fixed(results.throughput.baselineSpread * 100)} %)`);
  if (results.throughput.baselineSpread > 0.25 || results.throughput.trivialPageSpread > 0.25) {
    console.log(`warning: a reference moved by more than 25 % during the run (other load on this machine: 1-min load average ${fixed(os.loadavg()[0], 1)} on ${os.cpus().length} cores); the ratios are rough. Rerun on a quiet machine for firm figures.`);
  }
  console.log("trivial page = an empty App Router page of the same Next.js, prerendered, through server/serve.mjs (the owner's reference, judged);");
  console.log("home, category, product = the app's prerendered pages through Next.js routing and its ISR cache (category and product are dynamic segments);");
  console.log(`next static file = the home page's HTML served by the same server as a static file (${run.nextStaticPath ?? "not available"}): no page routing at all (info);`);
  console.log("node:http = a bare server sending the home page's bytes (info).");
}
