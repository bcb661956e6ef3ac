import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Fails with a readable list when axe finds any WCAG 2.2 A/AA violation on the page. */
export async function expectAccessible(page: Page) {
  // Next.js streams a page's metadata: after a client-side navigation the <title> can arrive
  // a moment after the content the test waited for, and the previous page's title can still
  // be there until React swaps it (once seen: axe's document-title rule failing mid-swap on an
  // assessment step). Scan once a non-empty title has stayed the same for 300 ms.
  await page.waitForFunction(
    () => {
      const w = window as typeof window & { __axeTitle?: { title: string; since: number } };
      const title = document.title.trim();
      if (!title || w.__axeTitle?.title !== title) {
        w.__axeTitle = { title, since: performance.now() };
        return false;
      }
      return performance.now() - w.__axeTitle.since >= 300;
    },
    undefined,
    { timeout: 10_000, polling: 100 },
  );
  // axe.run in the page itself ("legacy" mode) rather than runPartial in each frame and
  // finishRun in a blank page that the scan opens and closes: our pages have no iframes, and
  // the one mode is half the cost of the other (a new page and two more copies of axe's source
  // each scan). Only violations carry all their nodes (resultTypes): passes and the rest are
  // not read here. Measured on an idle machine, four public pages four times each: 851 ms a
  // scan by default, 450 in the page, 344 with resultTypes too; on CI's busy cores the scans
  // were two fifths of the browser tests' time. The modes are not equivalent: runPartial missed
  // two real findings that axe.run reports (two regions with the same name on /about,
  // landmark-unique; an h3 straight under the sign-in page's h1, heading-order), since mended.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Every test starts in a browser session that has already seen the 1 s loader, except
 * where a test asks for a fresh session (`freshSession`), so scans never meet the overlay.
 */
export const test = base.extend<{ freshSession: boolean; cookieChoice: "accepted" | "rejected" | null }>({
  freshSession: [false, { option: true }],
  // Every test starts with a cookie choice already made, so the banner never covers what a
  // test clicks; the consent spec sets null to meet the banner as a first visitor does.
  cookieChoice: ["rejected", { option: true }],
  page: async ({ page, freshSession, cookieChoice, baseURL }, use) => {
    if (!freshSession) await page.addInitScript(() => sessionStorage.setItem("loader-shown", "1"));
    if (cookieChoice) await page.context().addCookies([{ name: "cookie_consent", value: cookieChoice, url: baseURL ?? "http://127.0.0.1:3210" }]);
    // After a navigation, wait until React has hydrated the header (its menu button carries
    // React's props), so a click never lands on server HTML that is not interactive yet.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => {
        const button = document.querySelector("header button[aria-controls]");
        return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
      });
      return response;
    };
    await use(page);
  },
});

export { expect };
