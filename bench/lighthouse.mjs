// 5. Lighthouse (mobile, simulated throttling) on every scored page; the median run by performance.
//    The empty App Router page (bench/framework-floor.mjs) is scored in the same run and each page's
//    Total Blocking Time is printed beside the floor's, so that a slow host (which raises every
//    page's blocking time and lowers every score) neither hides nor invents a regression.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { secondsSince } from "./prepare.mjs";
import { fixed, heading, table } from "./report.mjs";
import { startFloorApp } from "./framework-floor.mjs";
import { results, run, stepError } from "./harness.mjs";
import { BASE, CHROME_FLAGS, CHROMIUM, LH_RUNS, SCORED_PAGES, TARGETS, stamp } from "./settings.mjs";

/** @typedef {"performance" | "accessibility" | "best-practices" | "seo"} CategoryId */
/** @typedef {import("lighthouse").RunnerResult["lhr"]} Lhr A Lighthouse report (LH.Result). */
/** @typedef {Lhr & { categories: Record<CategoryId, { score: number | null }> & { performance: { score: number } } }} ScoredLhr A report with a performance score (the runs kept). */
/** @typedef {import("lighthouse").RunnerResult & { lhr: ScoredLhr, report: string }} ScoredRun */
/** @typedef {{ id: string, title: string, score: number, weight: number, group: string | null, displayValue: string | null, items: string[] }} FailingAudit */
/**
 * One page's median run.
 * @typedef {object} LighthouseEntry
 * @property {string} url
 * @property {Record<CategoryId, number | null>} scores 0–100
 * @property {number | null} cls
 * @property {number | null} lcpMs
 * @property {number | null} fcpMs
 * @property {number | null} tbtMs
 * @property {number | null} speedIndexMs
 * @property {number | null} benchmarkIndex
 * @property {number} loadAverage1m
 * @property {string | null} runtimeError
 * @property {string[]} runWarnings
 * @property {string[]} failedRuns
 * @property {{ performance: number, cls: number | undefined }[] | undefined} allRuns
 * @property {string} report
 * @property {Partial<Record<CategoryId, FailingAudit[]>>} failingAudits
 * @property {number | null} [floorTbtMs] the empty App Router page's, in the same run
 * @property {undefined} [error]
 */
/**
 * A page with no valid run.
 * @typedef {{ url: string, error: string } & { [K in Exclude<keyof LighthouseEntry, "url" | "error">]?: undefined }} FailedLighthouseEntry
 */


export async function runLighthouse() {
  heading(`Lighthouse (mobile, simulated throttling${LH_RUNS > 1 ? `, median by performance score of ${LH_RUNS} runs` : ""})`);
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  run.chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: "silent" });
  /** @type {CategoryId[]} */
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  /** @type {import("./report.mjs").Cell[][]} */
  const rows = [];
  /** @type {{ page: string, category: CategoryId, score: number | null, audits: FailingAudit[] }[]} */
  const failing = [];
  /** @type {{ page: string, category: CategoryId, score: number | null, audits: FailingAudit[] }[]} */
  const belowHundred = [];
  const floorApp = await startFloorApp();
  /** The floor first, on its own server: the scored pages' blocking time is read beside it. */
  const pages = [{ key: "floor", label: "floor", path: "/", base: floorApp.url }, ...SCORED_PAGES.map((page) => ({ ...page, base: BASE }))];
  try {
    for (const page of pages) {
      const url = `${page.base}${page.path}`;
      const loadAverage1m = +(/** @type {number} */ (os.loadavg()[0])).toFixed(2);
      // A run can fail (e.g. NO_FCP when the machine is swamped): it is reported and replaced,
      // up to twice the requested number of attempts.
      /** @type {{ lhr: ScoredLhr, html: string }[]} */
      const lhrs = [];
      /** @type {string[]} */
      const failedRuns = [];
      for (let attempt = 0; lhrs.length < LH_RUNS && attempt < LH_RUNS * 2; attempt++) {
        process.stdout.write(`  ${page.label.padEnd(10)} ${url}${LH_RUNS > 1 ? ` (run ${lhrs.length + 1}/${LH_RUNS})` : ""} ... `);
        const t = performance.now();
        let runner = null;
        try {
          runner = await lighthouse(url, { port: run.chrome.port, output: "html", logLevel: "error", onlyCategories: categories });
        } catch (error) {
          failedRuns.push(/** @type {Error} */ (error).message);
          console.log(`failed: ${/** @type {Error} */ (error).message}`);
          continue;
        }
        const problem = !runner?.lhr ? "no result" : runner.lhr.runtimeError ? `${runner.lhr.runtimeError.code}: ${runner.lhr.runtimeError.message}` : runner.lhr.categories.performance?.score == null ? "no performance score" : null;
        if (problem) {
          failedRuns.push(problem);
          console.log(`failed (${problem.replace(/\s+/g, " ").slice(0, 200)}), not counted`);
          continue;
        }
        console.log(`${secondsSince(t)} s, performance ${Math.round(/** @type {ScoredRun} no problem: a result with a performance score */ (runner).lhr.categories.performance.score * 100)}`);
        lhrs.push({ lhr: /** @type {ScoredRun} */ (runner).lhr, html: /** @type {ScoredRun} output "html": one report */ (runner).report });
      }
      if (!lhrs.length) {
        if (page.key === "floor") {
          stepError("lighthouse floor", new Error(`no valid run for the empty App Router page: ${failedRuns.join("; ")}`));
          continue;
        }
        results.lighthouse[page.key] = { url, error: failedRuns.join("; ") };
        stepError(`lighthouse ${page.label}`, new Error(`no valid run for ${url}: ${failedRuns.join("; ")}`));
        continue;
      }
      // The median run by performance score (with an even count, the lower of the middle two).
      const byScore = [...lhrs].sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
      const median = /** @type {(typeof lhrs)[number]} lhrs is not empty */ (byScore[Math.floor((byScore.length - 1) / 2)]);
      const { lhr } = median;
      const reportFile = path.join("bench-results", `bench-${stamp}-lighthouse-${page.key}.html`);
      fs.mkdirSync("bench-results", { recursive: true });
      fs.writeFileSync(reportFile, median.html);

      const score = (/** @type {CategoryId} */ id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
      const metric = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? null;
      /** @type {LighthouseEntry} */
      const entry = {
        url,
        scores: /** @type {Record<CategoryId, number | null>} */ (Object.fromEntries(categories.map((id) => [id, score(id)]))),
        cls: metric("cumulative-layout-shift"),
        lcpMs: metric("largest-contentful-paint"),
        fcpMs: metric("first-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        speedIndexMs: metric("speed-index"),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        loadAverage1m,
        runtimeError: lhr.runtimeError?.message ?? null,
        runWarnings: lhr.runWarnings ?? [],
        failedRuns,
        allRuns: lhrs.length > 1 ? lhrs.map(({ lhr: l }) => ({ performance: Math.round((l.categories.performance?.score ?? 0) * 100), cls: l.audits["cumulative-layout-shift"]?.numericValue })) : undefined,
        report: reportFile,
        failingAudits: {},
      };
      if (page.key === "floor") {
        // The floor is not judged (an empty page scores what this host lets any page score).
        results.lighthouseFloor = entry;
        rows.push(["floor: empty App Router page", entry.scores.performance, "-", "-", "-", fixed(entry.cls, 3), fixed(entry.lcpMs), fixed(entry.tbtMs), "-", fixed(entry.benchmarkIndex), fixed(loadAverage1m, 2)]);
        continue;
      }
      // Failing audits of every category short of 100 go into the JSON; the console lists
      // those of categories below target, and only the titles for the others.
      for (const id of categories) {
        if (entry.scores[id] === 100) continue;
        entry.failingAudits[id] = failingAudits(lhr, id);
        if (entry.scores[id] !== null && entry.scores[id] >= TARGETS[id]) belowHundred.push({ page: page.label, category: id, score: entry.scores[id], audits: /** @type {FailingAudit[]} set above */ (entry.failingAudits[id]) });
        else failing.push({ page: page.label, category: id, score: entry.scores[id], audits: /** @type {FailingAudit[]} set above */ (entry.failingAudits[id]) });
      }
      entry.floorTbtMs = results.lighthouseFloor?.tbtMs ?? null;
      results.lighthouse[page.key] = entry;
      rows.push([page.label, entry.scores.performance, entry.scores.accessibility, entry.scores["best-practices"], entry.scores.seo, fixed(entry.cls, 3), fixed(entry.lcpMs), fixed(entry.tbtMs), entry.floorTbtMs === null || entry.tbtMs === null ? "-" : fixed(entry.tbtMs - entry.floorTbtMs), fixed(entry.benchmarkIndex), fixed(loadAverage1m, 2)]);
      if (entry.runtimeError) console.log(`  runtime error: ${entry.runtimeError}`);
      for (const warning of entry.runWarnings) console.log(`  warning: ${warning.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  } finally {
    await floorApp.stop();
    try {
      run.chrome.kill();
    } catch {}
    run.chrome = null;
  }
  console.log();
  console.log(table(["page", "perf", "a11y", "best-pr.", "SEO", "CLS", "LCP ms", "TBT ms", "TBT − floor's", "CPU index", "load 1m"], rows));
  console.log("TBT − floor's: the page's Total Blocking Time less the empty App Router page's in this run (what the page itself adds, whatever the host's speed).");
  if (Object.values(results.lighthouse).some((entry) => /** @type {number} undefined (no valid run) compares false */ (entry.loadAverage1m) > os.cpus().length)) {
    console.log(`note: other processes kept this machine busy (1-min load average above its ${os.cpus().length} cores); Total Blocking Time and the performance score suffer from it. Rerun on a quiet machine before acting on a performance score near the line.`);
  }
  console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}, CLS ≤ ${TARGETS.cls}. Full reports: bench-results/bench-${stamp}-lighthouse-*.html`);
  if (failing.length) {
    console.log("\nFailing audits (score < 1) in categories below target:");
    for (const { page, category, score, audits } of failing) {
      console.log(`  ${page} · ${category} (${score ?? "no score"}):`);
      if (!audits.length) console.log("    (no individual audit below 1: the category score itself is the issue)");
      for (const audit of audits) {
        console.log(`    - ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ""}${audit.weight ? "" : " (not weighted)"}`);
        for (const item of audit.items) console.log(`        ${item}`);
      }
    }
  }
  if (belowHundred.length) {
    console.log("\nWithin target but short of 100 (failing audits):");
    for (const { page, category, score, audits } of belowHundred) console.log(`  ${page} · ${category} (${score}): ${audits.map((a) => a.title).join("; ") || "-"}`);
  }
}

/**
 * @param {Lhr} lhr
 * @param {CategoryId} categoryId
 */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  /** @type {FailingAudit[]} */
  const list = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode)) continue;
    list.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      group: ref.group ?? null,
      displayValue: audit.displayValue ?? null,
      items: describeItems(/** @type {AuditDetails | undefined} read loosely: describeItems passes over shapes it does not know */ (audit.details)),
    });
  }
  return list.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

/**
 * What describeItems reads of an audit's details (Lighthouse's LH.Audit.Details: a list of
 * details, a checklist, a node, a table) or of a table's item.
 * @typedef {object} AuditDetails
 * @property {string} [type]
 * @property {unknown} [items] a list's details, a checklist's checks, a table's items
 * @property {string} [selector]
 * @property {string} [snippet]
 * @property {{ selector?: string, snippet?: string }} [node]
 * @property {unknown} [description]
 * @property {{ url?: unknown }} [sourceLocation]
 * @property {unknown} [url]
 * @property {{ url?: unknown }} [source]
 * @property {unknown} [groupLabel]
 * @property {number} [duration]
 */

// Up to three offending elements, resources or checks, so the lead can find them without
// opening the report.
/**
 * @param {AuditDetails | undefined} details
 * @returns {string[]}
 */
function describeItems(details, limit = 3) {
  if (!details) return [];
  if (details.type === "list") return /** @type {AuditDetails[]} a list's items */ (details.items).flatMap((sub) => describeItems(sub, limit)).slice(0, limit + 1);
  if (details.type === "checklist") {
    return Object.values(/** @type {Record<string, { value?: unknown, label?: string } | null>} a checklist's checks */ (details.items ?? {})).filter((check) => check && check.value === false).map((check) => `✗ ${/** @type {{ label?: string }} kept by the filter */ (check).label}`);
  }
  if (details.type === "node") return [nodeText(details)];
  if (!Array.isArray(details.items)) return [];
  const lines = details.items.map((/** @type {AuditDetails} */ item) => {
    if (item.node?.snippet || item.node?.selector) return nodeText(item.node);
    if (item.type === "node") return nodeText(item);
    if (typeof item.description === "string" && typeof item.sourceLocation?.url === "string") return `${item.description} — ${item.sourceLocation.url}`;
    if (typeof item.url === "string") return item.url;
    if (typeof item.source?.url === "string") return item.source.url;
    if (typeof item.groupLabel === "string") return `${item.groupLabel}: ${Math.round(item.duration ?? 0)} ms`;
    if (typeof item.description === "string") return item.description;
    return null;
  }).filter(Boolean).map((line) => /** @type {string} filtered */ (line).replace(/\s+/g, " ").slice(0, 200));
  return lines.slice(0, limit).concat(lines.length > limit ? [`… and ${lines.length - limit} more`] : []);
}

/** @param {{ selector?: string, snippet?: string }} node */
function nodeText(node) {
  return `${node.selector ?? ""} ${node.snippet ?? ""}`.trim();
}
