// 9. Verdict: each figure against its target, printed and kept in the results.
import { fixed, heading, kb, table } from "./report.mjs";
import { results } from "./harness.mjs";
import { GROWTH_ONLY, PAGES, SCALE, SCALE_ONLY, SKIP_GROWTH, SCORED_PAGES, SKIP_FAULTS, SKIP_HOLDS, SKIP_LIGHTHOUSE, SKIP_PROXY, SKIP_PAY, SKIP_PRESCRIPTION, SKIP_SOAK, SKIP_STARTUP, SKIP_COST, PRESCRIPTION_PATIENTS, TARGETS, TOPOLOGY_ONLY, quick } from "./settings.mjs";
import { figureLabel, SCALE_TARGET } from "./scale/measure.mjs";
import { COST_CPU_TREND_TARGET, COST_P99_MS, COST_RATE_TREND_TARGET } from "./scale/cost.mjs";
import { SOAK_MEMORY_GROWTH_TARGET } from "./soak.mjs";
import { GROWTH_TARGET } from "./growth.mjs";
import { PLANS_REFERENCE_PATH } from "./plans-api.mjs";
import { TURNS_PER_SIDE } from "./turns.mjs";

/**
 * Adds one figure's row (kept in the results too): ERROR when it has no value, else PASS or FAIL.
 * @typedef {(figure: string, value: string | number | null | undefined, target: string, pass: unknown) => void} Add
 */
/** @typedef {import("./scale/measure.mjs").MeasuredFigure} MeasuredFigure */
/** @typedef {import("./scale/cost.mjs").CostSizeResult} CostSizeResult */

export function verdict() {
  heading("Verdict");
  /** @type {import("./report.mjs").Cell[][]} */
  const rows = [];
  /** @type {Add} */
  const add = (figure, value, target, pass) => {
    const status = value === null || value === undefined ? "ERROR" : pass ? "PASS" : "FAIL";
    rows.push([figure, value ?? "-", target, status]);
    results.verdict.push({ figure, value: value ?? null, target, status });
  };
  if (!TOPOLOGY_ONLY && !SCALE_ONLY && !GROWTH_ONLY) {
    const runs = results.throughput.runs ?? [];
    for (const page of PAGES.filter((p) => p.page)) {
      const run = runs.find((r) => r.key === page.key);
      const ratio = run?.ratioVsTrivialPage ?? null;
      add(`throughput ${page.label} ÷ trivial prerendered page (same server)`, ratio === null ? null : +ratio.toFixed(2), `≥ ${TARGETS.ratio}`, ratio !== null && ratio >= TARGETS.ratio);
      add(`(info) throughput ${page.label} ÷ the same HTML as a static file`, run?.ratioVsNextStatic == null ? null : +run.ratioVsNextStatic.toFixed(2), "-", true);
      add(`(info) throughput ${page.label} ÷ bare node:http server`, run ? +(/** @type {number} a page's run has one */ (run.ratio)).toFixed(2) : null, "-", true);
    }
    for (const page of SCORED_PAGES.filter((p) => !p.dynamic)) {
      const info = results.prerender[page.key];
      add(`${page.label} served prerendered`, info ? (info.prerendered ? "yes" : `no (x-nextjs-cache ${info.xNextjsCache ?? "absent"})`) : null, "yes", info?.prerendered);
    }
    for (const run of runs) {
      add(`${run.label}: non-2xx / errors under load`, `${run.non2xx} / ${run.errors + run.timeouts}`, "0 / 0", run.non2xx === 0 && run.errors + run.timeouts === 0);
    }
    if (!runs.length) add("throughput", null, "-", false);
    add("(info) home JS, gzipped KB (the old absolute budget; judged against the floor below)", results.jsWeight?.totalGzipKb, `≤ ${TARGETS.jsKb}`, true);
    const floorPages = results.frameworkFloor?.pages;
    if (!floorPages) add("public pages' JS ÷ empty App Router page", null, "-", false);
    for (const page of Object.values(floorPages ?? {})) {
      add(`${page.label} JS ÷ empty App Router page, gzipped`, `${fixed(page.ratio, 2)} (${kb(page.totalGzipBytes)} / ${kb(/** @type {NonNullable<typeof results.frameworkFloor>} */ (results.frameworkFloor).floor.totalGzipBytes)} KB)`, `≤ ${page.target}`, page.ratio <= page.target);
    }
    const pj = results.pageJavascript?.pages;
    const jsRatio = (/** @type {import("./javascript.mjs").JsPageEntry | undefined} */ entry) => (entry ? `${fixed(entry.ratioToFloor, 2)} (${kb(entry.totalGzipBytes)} / ${kb(/** @type {NonNullable<typeof pj>} */ (pj).floor.totalGzipBytes)} KB)` : null);
    add("questionnaire step JS ÷ floor (404 page), gzipped", jsRatio(pj?.step), `≤ ${TARGETS.stepJsRatio}`, pj?.step && pj.step.ratioToFloor <= TARGETS.stepJsRatio);
    add("(info) prescription checkout JS ÷ floor, gzipped", jsRatio(pj?.checkout), "-", true);
    add("(info) questionnaire step JS ÷ framework chunks alone", pj ? `${fixed(/** @type {NonNullable<typeof results.pageJavascript>} */ (results.pageJavascript).stepToFrameworkOnly, 2)} (${kb(pj.step.totalGzipBytes)} / ${kb(pj.floor.frameworkGzipBytes)} KB)` : null, "-", true);
    if (!SKIP_LIGHTHOUSE) {
      for (const page of SCORED_PAGES) {
        const lh = results.lighthouse[page.key];
        add(`${page.label} Lighthouse performance`, lh?.scores?.performance, `≥ ${TARGETS.performance}`, /** @type {number} no score compares false */ (lh?.scores?.performance) >= TARGETS.performance);
        add(`${page.label} Lighthouse accessibility`, lh?.scores?.accessibility, `= ${TARGETS.accessibility}`, /** @type {number} no score compares false */ (lh?.scores?.accessibility) >= TARGETS.accessibility);
        add(`${page.label} Lighthouse best practices`, lh?.scores?.["best-practices"], `≥ ${TARGETS["best-practices"]}`, /** @type {number} no score compares false */ (lh?.scores?.["best-practices"]) >= TARGETS["best-practices"]);
        if (page.noIndex) add(`(info) ${page.label} Lighthouse SEO (noindex by design)`, lh?.scores?.seo, "-", true);
        else add(`${page.label} Lighthouse SEO`, lh?.scores?.seo, `= ${TARGETS.seo}`, /** @type {number} no score compares false */ (lh?.scores?.seo) >= TARGETS.seo);
        add(`${page.label} CLS`, typeof lh?.cls === "number" ? +lh.cls.toFixed(3) : null, `≤ ${TARGETS.cls}`, typeof lh?.cls === "number" && lh.cls <= TARGETS.cls);
        // Issue 36: the blocking time beside the empty App Router page's in the same run, so a slow host shows as such.
        add(`(info) ${page.label} Total Blocking Time ms, and the empty App Router page's`, typeof lh?.tbtMs === "number" ? `${fixed(lh.tbtMs)}; floor ${fixed(lh.floorTbtMs)}` : null, "-", true);
      }
    }
    if (!SKIP_PAY) {
      const p = results.pay;
      add("pay: bookings created in the contended slot", p ? `${p.bookingsCreated} of capacity ${p.capacity}` : null, "= capacity", p && p.bookingsCreated === p.capacity && p.sessionsOpened === p.capacity);
      add("pay: answers other than 200/409, errors", p ? `${p.unexpected} / ${p.errors + p.timeouts}` : null, "0 / 0", p && p.unexpected === 0 && p.errors + p.timeouts === 0);
      add("(info) pay requests/s, p99 ms (50 writers)", p ? `${Math.round(p.requestsPerSecond)}, ${p.latencyP99Ms}` : null, "-", true);
    }
    if (!SKIP_PRESCRIPTION) {
      const r = results.prescriptionPay;
      const n = PRESCRIPTION_PATIENTS;
      add(`prescription pay: requests / distinct checkout sessions (${n} at once)`, r ? `${r.requestsCreated} / ${r.distinctCheckoutSessions}` : null, `${n} / ${n}`, r && r.requestsCreated === n && r.distinctCheckoutSessions === n && r.distinctSessionsAnswered === n);
      add("prescription pay: answers other than 200", r?.non200, "0", r && r.non200 === 0);
      add("(info) p50 / p99 ms: prescription pay; api/health", r ? `${fixed(r.pay.p50Ms)} / ${fixed(r.pay.p99Ms)}; ${fixed(r.health.p50Ms)} / ${fixed(r.health.p99Ms)}` : null, "-", true);
    }
    const pa = results.plansApi;
    // Issue 36: like with like, two route handlers answering from memory (GET /api/health runs a query).
    add(`GET /api/plans req/s ÷ GET ${PLANS_REFERENCE_PATH} req/s (both from memory, 20 connections, median of ${TURNS_PER_SIDE} turns each)`, pa?.ratio == null ? null : `${pa.ratio.toFixed(2)} (${fixed(pa.plans.requestsPerSecond)} / ${fixed(pa.reference.requestsPerSecond)})`, `≥ ${TARGETS.plansRatio}`, pa && pa.ratio !== null && pa.ratio >= TARGETS.plansRatio);
    add(`GET /api/plans p99 ms (20 connections, median of ${TURNS_PER_SIDE} turns)`, pa ? pa.plans.latencyP99Ms : null, `≤ ${TARGETS.plansP99Ms}`, pa && pa.plans.latencyP99Ms <= TARGETS.plansP99Ms);
    add("(info) p99 ms of a bare node:http server sending the same answer (this machine's floor)", pa?.floor ? pa.floor.latencyP99Ms : null, "-", true);
    const ua = results.userApi;
    // Issue 24: relative to /api/health's p99 in the same turns (a route handler that reads PostgreSQL:
    // this machine's floor); the absolute 30 ms needs more cores than this machine has.
    add(`GET /api/user p99 ÷ GET /api/health p99 (bearer, 20 connections, median of ${TURNS_PER_SIDE} alternating turns each)`, ua?.p99Ratio ? `${ua.p99Ratio.toFixed(2)} (${ua.user.latencyP99Ms} / ${ua.health.latencyP99Ms} ms)` : null, `≤ ${TARGETS.userToHealthP99}`, ua && ua.p99Ratio !== null && ua.p99Ratio <= TARGETS.userToHealthP99);
    add("(info) GET /api/user p99 ms (bearer, 20 connections; 30 ms on a machine with more cores)", ua ? ua.user.latencyP99Ms : null, "-", true);
    add("(info) GET /api/user req/s ÷ GET /api/health req/s", ua?.ratio ? +ua.ratio.toFixed(2) : null, "-", true);
    add("(info) GET /api/health p99 ms beside it (one SELECT 1 through a route handler: this machine's floor)", ua ? ua.health.latencyP99Ms : null, "-", true);
    add("GET /api/user non-2xx / errors under load", ua ? `${ua.user.non2xx} / ${ua.user.errors}` : null, "0 / 0", ua && ua.user.non2xx === 0 && ua.user.errors === 0);
    const holds = results.bookingHolds;
    if (!SKIP_HOLDS) add(`share of the 30-day diary ${holds?.addresses ?? 20} addresses can hold at once`, holds ? `${fixed(holds.share * 100, 1)} % (${holds.placesHeld} / ${holds.placesInWindow})` : null, `≤ ${(holds?.target ?? 0.15) * 100} %`, holds && holds.share <= holds.target);
    add("GET /api/plans non-2xx / errors under load", pa ? `${pa.plans.non2xx} / ${pa.plans.errors}` : null, "0 / 0", pa && pa.plans.non2xx === 0 && pa.plans.errors === 0);
  }
  if (!SKIP_PROXY) {
    const proxy = results.proxyCache?.pages;
    if (!proxy) add("public pages through the nginx cache ÷ from disk", null, "-", false);
    for (const page of Object.values(proxy ?? {})) {
      add(`${page.label} through the nginx cache ÷ nginx from disk (X-Cache-Status ${page.cacheStatus})`, +page.ratio.toFixed(2), `≥ ${/** @type {NonNullable<typeof results.proxyCache>} */ (results.proxyCache).target}`, page.ratio >= /** @type {NonNullable<typeof results.proxyCache>} */ (results.proxyCache).target && page.cacheStatus === "HIT");
      add(`${page.label} through nginx: non-2xx / errors under load`, page.errors, "0", page.errors === 0);
    }
  }
  if (!SKIP_PROXY) {
    const api = results.topologyApi;
    add("GET /api/plans through nginx p99 ms (20 connections)", api ? `${api.plans.latencyP99Ms} (X-Cache-Status ${api.plans.cacheStatus})` : null, `≤ ${TARGETS.plansP99Ms}`, api && api.plans.latencyP99Ms <= TARGETS.plansP99Ms && api.plans.non2xx + api.plans.errors === 0);
    // Issue 36: against GET /api/health through the same nginx in the same run, as the direct
    // figure is; the absolute 30 ms, which no run on a 2-core machine met, is reported beside it.
    add(`GET /api/user p99 ÷ GET /api/health p99 through nginx onto two instances (bearer, 20 connections, median of ${TURNS_PER_SIDE} alternating turns each)`, api?.userP99Ratio ? `${api.userP99Ratio.toFixed(2)} (${api.user.latencyP99Ms} / ${api.health.latencyP99Ms} ms)` : null, `≤ ${TARGETS.userToHealthP99}`, api && api.userP99Ratio !== null && api.userP99Ratio <= TARGETS.userToHealthP99);
    add("GET /api/user (bearer) through nginx: non-2xx / errors under load", api ? `${api.user.non2xx} / ${api.user.errors}` : null, "0 / 0", api && api.user.non2xx === 0 && api.user.errors === 0);
    add(`(info) GET /api/user (bearer) through nginx p99 ms (${TARGETS.plansP99Ms} ms on a machine with more cores)`, api?.user.latencyP99Ms, "-", true);
  }
  if (SCALE) scaleRows(add);
  if (!SKIP_FAULTS) faultRows(add);
  if (!SKIP_SOAK) soakRows(add);
  if (!SKIP_GROWTH) growthRows(add);
  if (!SKIP_STARTUP && !TOPOLOGY_ONLY) {
    const s = results.startup;
    add("second npm start → /api/health 200 (s)", s?.second.seconds, `≤ ${TARGETS.startupSeconds}`, s && s.valid && s.second.seconds <= TARGETS.startupSeconds);
  }
  console.log(table(["figure", "value", "target", "result"], rows));
  const count = (/** @type {string} */ status) => rows.filter((row) => row[3] === status).length;
  console.log(`\n${count("PASS")} pass, ${count("FAIL")} fail${count("ERROR") ? `, ${count("ERROR")} not measured (see errors above)` : ""}.`);
  if (quick) console.log("(--quick: short load runs; use the full run for figures to report.)");
}

/** @param {Add} add */
function scaleRows(add) {
  const s = results.scale;
  if (!s?.figures?.length) add("data at scale: p99 on a year of data ÷ on an empty clinic", null, `≤ ${SCALE_TARGET}`, false);
  for (const f of s?.figures ?? []) {
    if (f.error) {
      add(`scale ${/** @type {NonNullable<typeof s>} */ (s).factor}: ${f.label} p99 ÷ empty (not measured: ${f.error})`, null, `≤ ${SCALE_TARGET}, all 2xx`, false);
      continue;
    }
    const errors = /** @type {MeasuredFigure} */ (f).empty.non2xx + /** @type {MeasuredFigure} */ (f).empty.errors + /** @type {MeasuredFigure} */ (f).scaled.non2xx + /** @type {MeasuredFigure} */ (f).scaled.errors;
    const value = f.ratio === null ? null : `${/** @type {number} */ (f.ratio).toFixed(2)} (${/** @type {MeasuredFigure} */ (f).scaled.latencyP99Ms} / ${/** @type {MeasuredFigure} */ (f).empty.latencyP99Ms} ms, median of ${TURNS_PER_SIDE} turns each${errors ? `; ${errors} non-2xx or errors` : ""})`;
    // The webhook's figure also needs one order per event answered 2xx (f.orders).
    const target = f.orders ? `≤ ${SCALE_TARGET}, all 2xx, one order each` : `≤ ${SCALE_TARGET}, all 2xx`;
    add(`scale ${/** @type {NonNullable<typeof s>} */ (s).factor}: ${figureLabel(/** @type {MeasuredFigure} */ (f))} p99 ÷ empty`, value, target, f.status === "PASS");
  }
  if (!SKIP_COST) costRows(add, s?.cost);
}

/** Cost per purchase journey (bench/scale/cost.mjs): each size reported, the trend judged. */
/**
 * @param {Add} add
 * @param {import("./scale/cost.mjs").CostResult | undefined} cost
 */
function costRows(add, cost) {
  const sizes = cost?.sizes ?? [];
  for (const size of sizes) {
    add(`(info) cost: server + database CPU-ms per purchase journey, ${size.label} clinic (factor ${size.factor}; server ${size.cpu.serverMsPerJourney}, database ${size.cpu.databaseMsPerJourney ?? "unreadable"})`, size.cpu.msPerJourney, "-", true);
    add(`cost: purchase journeys that ended dispensed, ${size.label} clinic`, `${size.cpu.journeys - size.cpu.failed} / ${size.cpu.journeys}`, "all", size.cpu.failed === 0);
    add(`(info) cost: purchase journeys/min one instance sustains at p99 ≤ ${/** @type {NonNullable<typeof cost>} */ (cost).p99TargetMs} ms, ${size.label} clinic`, `${size.ramp.capped ? "≥ " : ""}${size.ramp.sustainedPerMinute}`, "-", true);
  }
  const trend = cost?.trend;
  const to = sizes.at(-1)?.label ?? "scaled";
  const cpuValue = trend?.cpuRatio == null ? null : `${trend.cpuRatio.toFixed(2)} (${/** @type {CostSizeResult} */ (sizes.at(-1)).cpu.msPerJourney} / ${/** @type {CostSizeResult} */ (sizes[0]).cpu.msPerJourney} ms)`;
  add(`cost: server + database CPU-ms per purchase journey, ${to} ÷ empty`, cpuValue ?? trend?.cpuNote ?? null, `≤ ${COST_CPU_TREND_TARGET}`, trend?.cpuStatus === "PASS");
  const rateValue = trend?.rateRatio == null ? (trend?.rateNote ?? null) : `${trend.rateRatio.toFixed(2)} (${/** @type {CostSizeResult} */ (sizes.at(-1)).ramp.sustainedPerMinute} / ${/** @type {CostSizeResult} */ (sizes[0]).ramp.sustainedPerMinute} a minute)`;
  add(`cost: purchase journeys/min at p99 ≤ ${COST_P99_MS} ms, ${to} ÷ empty`, rateValue, `≥ ${COST_RATE_TREND_TARGET}`, trend?.rateStatus === "PASS");
}

/** @param {Add} add */
function faultRows(add) {
  const stop = results.instanceStop;
  /** @typedef {"SIGTERM" | "SIGKILL"} StopSignal */
  const lost = (/** @type {StopSignal} */ signal) => (stop ? stop.runs[signal].non2xx + stop.runs[signal].errors : null);
  const bookingLost = (/** @type {StopSignal} */ signal) => (stop ? stop.runs[signal].bookingRequests.status5xx + stop.runs[signal].bookingRequests.networkErrors : null);
  const confirmed = (/** @type {StopSignal} */ signal) => (stop ? `${stop.runs[signal].payments.confirmedExactlyOnce} / ${stop.runs[signal].payments.paid}` : null);
  const allConfirmed = (/** @type {StopSignal} */ signal) => stop && stop.runs[signal].payments.paid > 0 && stop.runs[signal].payments.confirmedExactlyOnce === stop.runs[signal].payments.paid;
  add("instance stopped gracefully (SIGTERM) under load: health answers lost", lost("SIGTERM"), "0", lost("SIGTERM") === 0);
  add("instance stopped gracefully (SIGTERM): booking requests lost", bookingLost("SIGTERM"), "0", bookingLost("SIGTERM") === 0);
  add("instance stopped gracefully (SIGTERM): payments confirmed exactly once / paid", confirmed("SIGTERM"), "all", allConfirmed("SIGTERM"));
  // At most what app-1 had in flight when it was killed, from nginx's access log (bench/killed-in-flight.mjs).
  const inFlight = stop?.runs.SIGKILL.inFlightOnKilled ?? null;
  add("instance killed (SIGKILL) under load: health answers lost", lost("SIGKILL"), inFlight ? `≤ ${inFlight.health} (in flight on app-1)` : "≤ those in flight on app-1", stop && inFlight && /** @type {number} with `stop` */ (lost("SIGKILL")) <= inFlight.health);
  add("instance killed (SIGKILL): booking requests lost", bookingLost("SIGKILL"), inFlight ? `≤ ${inFlight.other} (in flight on app-1)` : "≤ those in flight on app-1", stop && inFlight && /** @type {number} with `stop` */ (bookingLost("SIGKILL")) <= inFlight.other);
  add("instance killed (SIGKILL): payments confirmed exactly once / paid", confirmed("SIGKILL"), "all", allConfirmed("SIGKILL"));
  add("restarted instance back in nginx's rotation (seconds after its restart)", stop ? (stop.bothInstancesAfterRestart ? `yes (${stop.backInRotationSeconds} s)` : "no") : null, "yes, ≤ 20 s", stop?.bothInstancesAfterRestart);
  const o = results.databaseOutage;
  const healthSays503 = o && o.health.length > 0 && o.health.every((h) => h.status === 503 && h.ms < 10_000);
  add("database down: health answers 503 within 10 s (nginx and each instance)", o ? (healthSays503 ? "yes" : o.health.map((h) => `${h.label} ${h.status}`).join(", ")) : null, "yes", healthSays503);
  add("database down: answers ≥ 500 other than a 503 with a message (every one judged)", o ? `${o.badOutageAnswers} of ${o.outageAnswersJudged}` : null, "0", o && o.badOutageAnswers === 0);
  add("database down: answers slower than 10 s (hangs)", o ? o.slowAnswers.outage + o.slowAnswers.recovering : null, "0", o && o.slowAnswers.outage + o.slowAnswers.recovering === 0);
  add("database back: seconds until both instances are ready and a signed-in call works", o?.recoverySeconds, `≤ ${o?.recoveryTarget ?? 10}`, o && o.recoverySeconds !== null && o.recoverySeconds <= o.recoveryTarget);
  add("database back: answers ≥ 500 once recovered", o ? o.phases.recovered.status5xx + o.phases.recovered.networkErrors : null, "0", o && o.phases.recovered.status5xx + o.phases.recovered.networkErrors === 0);
  add("payments made while the database was down: confirmed exactly once / paid", o ? `${o.payments.confirmedExactlyOnce} / ${o.payments.paid}` : null, "all", o && o.payments.paid > 0 && o.payments.confirmedExactlyOnce === o.payments.paid);
}

/** @param {Add} add */
function soakRows(add) {
  const s = results.soak;
  add(`soak (${s?.minutes ?? "-"} min through nginx): answers ≥ 500`, s?.status5xx, "0", s && s.status5xx === 0);
  add("soak: network errors (refused, reset, timed out)", s?.networkErrors, "0", s && s.networkErrors === 0);
  for (const m of s?.memory ?? [{ name: "app instances", growth: null }]) {
    add(`soak: ${m.name} memory growth after warm-up`, m.growth === null ? null : `${fixed(m.growth * 100, 1)} % (${m.afterWarmupMb} → ${m.endMb} MB)`, `< ${SOAK_MEMORY_GROWTH_TARGET * 100} %`, m.growth !== null && m.growth < SOAK_MEMORY_GROWTH_TARGET);
  }
  const peaks = s?.connections.peak ?? [];
  add("soak: database connections within each process's pools", s ? peaks.map((c) => `${c.name} ${c.peak}${c.bound === null ? "" : `/${c.bound}`}`).join(", ") : null, "peak ≤ pool", s && peaks.every((c) => c.within));
  add("soak: payments confirmed exactly once / paid", s ? `${s.payments.confirmedExactlyOnce} / ${s.payments.paid}` : null, "all", s && s.payments.paid > 0 && s.payments.confirmedExactlyOnce === s.payments.paid);
}

/** @param {Add} add */
function growthRows(add) {
  const g = results.growth;
  if (!g?.figures?.length) add("bounded growth: rows on the last simulated day ÷ when the retention window filled", null, `≤ ${GROWTH_TARGET}`, false);
  if (g) {
    add(`growth (${g.days} simulated days through nginx): answers ≥ 500 / network errors`, `${g.status5xx} / ${g.networkErrors}`, "0 / 0", g.status5xx === 0 && g.networkErrors === 0);
    const undrained = g.series.filter((day) => !day.drained).length + g.sweeps.filter((sweep) => !sweep.maintenance).length;
    add("growth: days whose jobs or pg-boss maintenance did not finish in time", undrained, "0", undrained === 0);
    // The sweep deletes a draft's photo files before its rows: no file is left that no row names.
    const last = g.series.at(-1);
    const photoRows = last?.rows.questionnaire_photos?.rows;
    add("growth: stored photo files on the last day = photo rows", last ? `${last.photoFiles} files / ${photoRows} rows` : null, "equal", last && last.photoFiles === photoRows);
  }
  for (const f of g?.figures ?? []) {
    const counts = `${f.last} rows on day ${/** @type {NonNullable<typeof g>} */ (g).days}; ${f.day1} on day 1`;
    if (!f.judged) {
      add(`(info) growth: ${f.table} (kept ${fixed(f.periodDays, 0)} d) — ${f.status}`, `${counts} (${f.ratioToDay1 === null ? "-" : fixed(f.ratioToDay1, 2)} ×)`, "-", true);
      continue;
    }
    const value = f.ratio === null ? null : `${fixed(f.ratio, 2)} (${f.last} / ${/** @type {{ day: number, rows: number }} a judged table's */ (f.reference).rows} rows on day ${/** @type {{ day: number, rows: number }} */ (f.reference).day}; day 1: ${f.day1})`;
    add(`growth: ${f.table} rows, day ${/** @type {NonNullable<typeof g>} */ (g).days} ÷ day its ${fixed(f.periodDays, 0)}-day window filled`, value, `≤ ${GROWTH_TARGET}, rows > 0`, f.status === "PASS");
  }
}
