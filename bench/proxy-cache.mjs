// Public pages through the production topology's nginx cache (`startCluster`: nginx with
// deploy/nginx/clinic.conf.template in front of two app instances) against nginx serving the
// very same bytes from disk (a second nginx, same main settings, a plain static server), in
// alternation with the same client: requests/s via the cache ÷ from disk, each side the median
// of TURNS_PER_SIDE alternating turns (bench/turns.mjs), target ≥ 0.9 (issue 13). The cluster's nginx takes the bench server's address (BASE), so the build, which
// bakes SITE_URL in, is reused; the bench's own server must be stopped first.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startCluster, TEMPLATE } from "../server/runtime/cluster.mjs";
import { setEnv } from "../server/runtime/process-env.mjs";
import { nginxMainConfig } from "../server/runtime/render-nginx-template.mjs";
import { freePort } from "../scripts/lib/free-port.mjs";
import { getRaw, waitForHealth } from "./net.mjs";
import { fixed, heading, table } from "./report.mjs";
import { results, scratchDatabase, stopChild, trackChild } from "./harness.mjs";
import { load } from "./throughput.mjs";
import { apiThroughProxy, TOPOLOGY_API_CONNECTIONS } from "./topology-api.mjs";
import { alternatingTurns, median, medianRatio, TURNS_PER_SIDE } from "./turns.mjs";
import { APP_PORT, ASSESSMENT_PAGES, DIST_DIR, HOST, PAGES } from "./settings.mjs";

const PROXY_RATIO_TARGET = 0.9;
/** The public pages, and the first assessment step. */
const MEASURED = [...PAGES.filter((page) => page.page), ...ASSESSMENT_PAGES.slice(0, 1)];

/**
 * @typedef {object} ProxyPage A page through the nginx cache against the same bytes from disk.
 * @property {string} label
 * @property {string} path
 * @property {string} cacheStatus X-Cache-Status of the answer saved to disk
 * @property {number} cacheRequestsPerSecond
 * @property {number} diskRequestsPerSecond
 * @property {number} cacheP99Ms
 * @property {number} diskP99Ms
 * @property {number} errors non-2xx, errors and timeouts, both sides
 * @property {number} ratio cache ÷ disk
 */
/** @typedef {{ target: number, client: string, pages: Record<string, ProxyPage> }} ProxyCacheResult */

export async function proxyCache() {
  heading(`Public pages through the nginx cache ÷ nginx serving the same bytes from disk (50 connections, median of ${TURNS_PER_SIDE} alternating turns each)`);
  const restoreEnv = setEnv({ DATABASE_URL: scratchDatabase().url });
  /** @type {import("./scratch-cluster.mjs").Cluster | null} */
  let cluster = null;
  /** @type {Awaited<ReturnType<typeof startStaticNginx>> | null} */
  let disk = null;
  try {
    cluster = await startCluster({ port: APP_PORT, appPorts: [await freePort(), await freePort()], distDir: DIST_DIR, quiet: true });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hairline-bench-static-"));
    fs.chmodSync(folder, 0o755);
    /** @type {Record<string, string>} X-Cache-Status by page */
    const cached = {};
    for (const page of MEASURED) {
      await getRaw(`${cluster.url}${page.path}`);
      const again = await getRaw(`${cluster.url}${page.path}`);
      if (again.status !== 200) throw new Error(`GET ${page.path} through nginx answered ${again.status}`);
      cached[page.key] = String(again.headers["x-cache-status"] ?? "none");
      const file = path.join(folder, `${page.key}.html`);
      fs.writeFileSync(file, again.body);
      fs.chmodSync(file, 0o644);
    }
    disk = await startStaticNginx(folder);
    /** @type {Record<string, ProxyPage>} */
    const pages = {};
    for (const page of MEASURED) {
      // Cache and disk in alternating turns, each side's figure the median of its turns
      // (bench/turns.mjs): one noisy turn, e.g. the first page's, can neither fail nor pass it.
      /** @type {{ cache: import("./throughput.mjs").LoadFigures[], disk: import("./throughput.mjs").LoadFigures[] }} */
      const turns = { cache: [], disk: [] };
      for (const side of alternatingTurns(/** @type {const} */ ("cache"), /** @type {const} */ ("disk"))) turns[side].push(await load(side === "cache" ? `${cluster.url}${page.path}` : `${disk.url}/${page.key}.html`));
      const { numerator: cacheRequestsPerSecond, denominator: diskRequestsPerSecond, ratio } = medianRatio(turns.cache, turns.disk, "requestsPerSecond");
      pages[page.key] = {
        label: page.label,
        path: page.path,
        cacheStatus: cached[page.key] ?? "none",
        cacheRequestsPerSecond,
        diskRequestsPerSecond,
        cacheP99Ms: median(turns.cache.map((r) => r.latencyP99Ms)),
        diskP99Ms: median(turns.disk.map((r) => r.latencyP99Ms)),
        errors: [...turns.cache, ...turns.disk].reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
        ratio: ratio ?? 0,
      };
    }
    results.proxyCache = { target: PROXY_RATIO_TARGET, client: "autocannon (one Node.js process; on 2 cores it shares them with nginx)", pages };
    console.log(table(["page", "X-Cache-Status", "cache req/s", "disk req/s", "÷", "p99 cache / disk ms", "non-2xx + errors"], Object.values(pages).map((p) => [
      p.label, p.cacheStatus, fixed(p.cacheRequestsPerSecond), fixed(p.diskRequestsPerSecond), fixed(p.ratio, 2), `${p.cacheP99Ms} / ${p.diskP99Ms}`, p.errors,
    ])));
    heading(`GET /api/plans, and GET /api/user (bearer) in alternating turns with GET /api/health, through nginx onto two instances (${TOPOLOGY_API_CONNECTIONS} connections)`);
    const api = await apiThroughProxy(cluster, scratchDatabase().url);
    results.topologyApi = api;
    console.log(table(["request", "req/s", "p50 ms", "p99 ms", "non-2xx + errors", "X-Cache-Status"], [
      ["GET /api/plans", fixed(api.plans.requestsPerSecond), api.plans.latencyP50Ms, api.plans.latencyP99Ms, api.plans.non2xx + api.plans.errors, api.plans.cacheStatus ?? "-"],
      [`GET /api/health (median of ${TURNS_PER_SIDE} turns)`, fixed(api.health.requestsPerSecond), api.health.latencyP50Ms, api.health.latencyP99Ms, api.health.non2xx + api.health.errors, "not cached"],
      [`GET /api/user (bearer, median of ${TURNS_PER_SIDE} turns)`, fixed(api.user.requestsPerSecond), api.user.latencyP50Ms, api.user.latencyP99Ms, api.user.non2xx + api.user.errors, "not cached"],
    ]));
  } finally {
    if (disk) await stopChild(disk.child);
    await cluster?.stop();
    restoreEnv();
  }
}

/**
 * nginx serving `folder` as plain files, with the cluster's main settings and its access log
 * (the same JSON line per request, written the same way): the comparison is then where the
 * bytes come from (the cache or a file), not whether each request is logged.
 * @param {string} folder
 */
async function startStaticNginx(folder) {
  const port = await freePort();
  const runDir = path.join(os.tmpdir(), `hairline-bench-static-nginx-${port}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(runDir, "temp"), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(runDir, "nginx.conf"),
    nginxMainConfig(runDir, {
      user: "nobody nogroup",
      http: [
        "default_type text/html;",
        "sendfile on;",
        "tcp_nopush on;",
        "keepalive_timeout 65;",
        "keepalive_requests 100000;",
        accessLogFormat(),
        `access_log ${path.join(runDir, "access.log")} clinic_json;`,
        `server { listen ${HOST}:${port}; root ${folder}; }`,
      ],
    }),
  );
  if (asRoot) for (const entry of [runDir, path.join(runDir, "temp")]) fs.chmodSync(entry, 0o777);
  const binary = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => candidate && fs.existsSync(candidate));
  if (!binary) throw new Error("nginx is not installed: install Debian's package (apt-get install nginx) or set NGINX_PATH.");
  const child = trackChild(spawn(binary, ["-p", runDir, "-c", path.join(runDir, "nginx.conf")], { detached: true, stdio: ["ignore", "ignore", "inherit"] }), "static nginx");
  const url = `http://${HOST}:${port}`;
  await waitForHealth(`${url}/${MEASURED[0]?.key}.html`, { timeoutMs: 10_000, child });
  return { child, url };
}

/**
 * The cluster's `log_format clinic_json …;` directive, as deploy/nginx/clinic.conf.template has
 * it, with the `map` blocks that make the variables it logs (the redacted path).
 */
function accessLogFormat() {
  const template = fs.readFileSync(TEMPLATE, "utf8");
  const directive = /^log_format clinic_json[\s\S]*?;$/m.exec(template);
  if (!directive) throw new Error(`No "log_format clinic_json" directive in ${TEMPLATE}`);
  const maps = template.match(/^map [^{]*\{[\s\S]*?^\}$/gm) ?? [];
  return [...maps, directive[0]].join("\n  ");
}
