// "A page deep in the list" (issue 24): a staff queue's page reached as a member of staff
// reaches it, by following the page's own "next" link (components/pager/pager.tsx, rel="next")
// from the first page. The cursor stays the page's business (lib/server/core/pagination/keyset.ts).
import { request } from "../patients.mjs";

/** How many "next" links are followed from the first page, at most. */
export const DEEP_PAGES = 5;

/**
 * The URL of a full page `pages` pages after `firstPath` (DEEP_PAGES unless told), following the
 * rel="next" link whose href starts with `linkPrefix` (a page with several lists has one pager
 * each). Only a page with a next link of its own counts: a list's last page may hold a few rows
 * where the other clinic's page at that depth holds a whole page, so a shorter list stops at the
 * page before its last. `depth` says how many links were followed (0: the first page).
 * @param {string} base
 * @param {string} firstPath
 * @param {string} linkPrefix
 * @param {Record<string, string>} headers
 * @returns {Promise<{ path: string, depth: number }>}
 */
export async function deepPage(base, firstPath, linkPrefix, headers, pages = DEEP_PAGES) {
  let current = firstPath;
  let depth = 0;
  let previous = null;
  for (;;) {
    const res = await request(`${base}${current}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${current} answered ${res.status} while walking to a deep page`);
    const next = nextLinks(res.text).find((href) => href.startsWith(linkPrefix));
    if (!next) return previous ?? { path: current, depth };
    if (depth >= pages) return { path: current, depth };
    previous = { path: current, depth };
    current = next;
    depth++;
  }
}

/**
 * Every rel="next" link's href on a page, unescaped.
 * @param {string} html
 */
export function nextLinks(html) {
  /** @type {string[]} */
  const links = [];
  for (const [tag] of html.matchAll(/<a\b[^>]*>/g)) {
    if (!/\brel="next"/.test(tag)) continue;
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (href) links.push(href.replaceAll("&amp;", "&"));
  }
  return links;
}
