// 2 + 3a. Pages: status and prerender headers; the home page's bytes become the throughput baseline.
import { heading, kb, table } from "./report.mjs";
import { results } from "./harness.mjs";
import { BASE, EXTRA_PAGES, PAGES } from "./settings.mjs";


/**
 * What a page's answer said of its prerendering (prerendered: null for an API or a dynamic page).
 * @typedef {{ status: number, bytes: number, contentType: string | null, xNextjsCache: string | null, xNextjsPrerender: string | null, cacheControl: string | null, prerendered: boolean | null }} PrerenderEntry
 */

/**
 * Each page's status and prerender headers into results.prerender; returns the home page's
 * answer (the throughput baseline's body).
 */
export async function checkPages() {
  heading("Pages served by the app (prerender check)");
  /** @type {{ body: Buffer, contentType: string | null, status: number } | null} */
  let home = null;
  /** @type {import("./report.mjs").Cell[][]} */
  const rows = [];
  for (const page of [...PAGES, ...EXTRA_PAGES]) {
    // A second request for an extra page: its first may be the one that fills the cache.
    if (EXTRA_PAGES.includes(page)) await fetch(`${BASE}${page.path}`, { signal: AbortSignal.timeout(15_000) }).then((r) => r.arrayBuffer());
    const response = await fetch(`${BASE}${page.path}`, { signal: AbortSignal.timeout(15_000) });
    const body = Buffer.from(await response.arrayBuffer());
    const h = (/** @type {string} */ name) => response.headers.get(name);
    const cache = h("x-nextjs-cache");
    const prerenderHeader = h("x-nextjs-prerender");
    // fetch joins repeated headers with ", " (Next sends x-nextjs-prerender twice).
    const prerendered = ["HIT", "STALE"].includes(cache ?? "") || (prerenderHeader ?? "").split(/,\s*/).includes("1");
    /** @type {PrerenderEntry} */
    const entry = { status: response.status, bytes: body.length, contentType: h("content-type"), xNextjsCache: cache, xNextjsPrerender: prerenderHeader, cacheControl: h("cache-control"), prerendered: page.page && !page.dynamic ? prerendered : null };
    results.prerender[page.key] = entry;
    rows.push([page.label, page.path, entry.status, kb(entry.bytes), cache ?? "-", prerenderHeader ?? "-", entry.cacheControl ?? "-", page.page && !page.dynamic ? (prerendered ? "yes" : "NO") : "n/a (dynamic)"]);
    if (page.key === "home") home = { body, contentType: entry.contentType, status: response.status };
  }
  console.log(table(["target", "path", "status", "KB", "x-nextjs-cache", "x-nextjs-prerender", "cache-control", "prerendered"], rows));
  if (!home || home.status !== 200) throw new Error(`The home page answered ${home?.status}; no baseline body.`);
  if (!home.contentType || !/text\/html/.test(home.contentType)) throw new Error(`The home page is not HTML (${home.contentType}).`);
  return { body: home.body, contentType: home.contentType, status: home.status };
}
