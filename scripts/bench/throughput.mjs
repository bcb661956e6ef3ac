// 3. Throughput (autocannon) of the pages against the same bytes from a bare node:http server.
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { fixed, heading, table } from "./report.mjs";
import { children, results, run, stopChild } from "./run.mjs";
import { BASE, HOST, LOAD, PAGES, TARGETS, root } from "./settings.mjs";


export async function startBaselineServer({ body, contentType }) {
  const child = fork(path.join(root, "scripts/bench/static-server.mjs"), [], { detached: true, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.label = "static baseline";
  child.lines = [];
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  children.add(child);
  child.exited.then(() => children.delete(child));
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("exit", () => reject(new Error("The baseline server exited before listening.")));
    child.send({ body: body.toString("base64"), contentType });
  });
  return { child, url: `http://${HOST}:${port}/` };
}

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
    loadAverage1m: +loadBefore.toFixed(2),
  };
}

export async function throughput(home) {
  heading(`Throughput (autocannon: ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ${LOAD.warmup} s warm-up discarded, ${LOAD.duration} s measured)`);
  if (!home) throw new Error("No home page body for the baseline (see the prerender check).");
  const baseline = await startBaselineServer(home);
  console.log(`baseline: node:http on ${baseline.url} serving the home page's ${home.body.length} bytes (${home.contentType})`);
  // The baseline runs first and last; its mean is the reference, which evens out drift in
  // the machine's other load during the run.
  const runs = [];
  const measure = async (key, label, url) => {
    process.stdout.write(`  ${label.padEnd(22)} ${url} ... `);
    const r = await load(url);
    console.log(`${fixed(r.requestsPerSecond)} req/s`);
    runs.push({ key, label, url, ...r });
    return r;
  };
  const first = await measure("baseline-1", "baseline (first)", baseline.url);
  for (const page of PAGES) await measure(page.key, page.label, `${BASE}${page.path}`);
  if (run.nextStaticPath) {
    const probe = await fetch(`${BASE}${run.nextStaticPath}`).catch(() => null);
    await probe?.arrayBuffer();
    if (probe?.status === 200) await measure("next-static", "next static file", `${BASE}${run.nextStaticPath}`);
    else console.log(`  (next static file ${run.nextStaticPath} answered ${probe?.status ?? "nothing"}; skipped)`);
  }
  const last = await measure("baseline-2", "baseline (last)", baseline.url);
  await stopChild(baseline.child);

  const baselineRps = (first.requestsPerSecond + last.requestsPerSecond) / 2;
  results.throughput = { settings: LOAD, baselineRequestsPerSecond: baselineRps, baselineSpread: Math.abs(first.requestsPerSecond - last.requestsPerSecond) / baselineRps, runs };
  // The figure compares each page with "a bare Next.js static page": the same
  // prerendered HTML served by next start as a static file. The node:http ratio is shown too.
  const nextStaticRps = runs.find((run) => run.key === "next-static")?.requestsPerSecond ?? null;
  results.throughput.nextStaticRequestsPerSecond = nextStaticRps;
  const rows = runs.map((run) => {
    const page = PAGES.find((p) => p.key === run.key);
    run.ratio = page || run.key === "next-static" ? run.requestsPerSecond / baselineRps : null;
    run.ratioVsNextStatic = page && nextStaticRps ? run.requestsPerSecond / nextStaticRps : null;
    return [run.label, fixed(run.requestsPerSecond), fixed(run.latencyP50Ms), fixed(run.latencyP99Ms), run.non2xx, run.errors + run.timeouts, run.ratio === null ? "-" : fixed(run.ratio, 2), run.ratioVsNextStatic === null ? "-" : fixed(run.ratioVsNextStatic, 2), page?.page ? `≥ ${TARGETS.ratio}` : "-", fixed(run.loadAverage1m, 2)];
  });
  console.log();
  console.log(table(["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "÷ node:http", "÷ next static", "target", "load 1m"], rows));
  console.log(`baseline reference: ${fixed(baselineRps)} req/s (mean of first and last; they differ by ${fixed(results.throughput.baselineSpread * 100)} %)`);
  if (results.throughput.baselineSpread > 0.25) {
    console.log(`warning: the baseline moved by more than 25 % during the run (other load on this machine: 1-min load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores); the ratios are rough. Rerun on a quiet machine for firm figures.`);
  }
  console.log("baseline = node:http serving the home page's bytes; home = the app's prerendered page through Next.js routing and its ISR cache;");
  console.log(`next static file = the same prerendered HTML served by next start as a static file (${run.nextStaticPath ?? "not available"}), i.e. Next.js's own floor.`);
}
