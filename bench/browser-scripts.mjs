// What a visitor's browser downloads (issue 36, proof 3): every script real Chromium loads for a
// page until the network is quiet, and then, for a page that names one, after the first thing a
// visitor does there (answering step 1, picking a day): scripts loaded by the framework at run
// time (a component loaded with next/dynamic and ssr: false, the next step's chunks) are never
// named in the HTML, so reading the HTML alone misses them.
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "./chromium-path.mjs";

/** As the e2e suite launches Debian's Chromium (playwright.config.ts). */
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** The network is quiet when no request has been in flight for this long. */
const QUIET_MS = 750;
const SETTLE_TIMEOUT_MS = 30_000;

/** @type {Promise<import("@playwright/test").Browser> | null} */
let browser = null;

/** The bench's one Chromium, launched on first use. */
function openBrowser() {
  browser ??= chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return browser;
}

/** Closes the bench's Chromium (the JavaScript steps call it when they end). */
export async function closeBrowser() {
  const open = browser;
  browser = null;
  await (await open)?.close();
}

/**
 * @typedef {"load" | "interaction"} Phase
 * @typedef {{ url: string, status: number | null, phase: Phase }} LoadedScript
 */

/**
 * Opens `url` in a fresh browser context (empty cache, the given Cookie header's cookies, and
 * `address` as X-Forwarded-For, so that a signed-in page's writes count against its patient's
 * address like the bench's other requests rather than against 127.0.0.1's), waits
 * until the network is quiet, then runs `interact` (when given) and waits again. Answers the
 * document's status and HTML and every script response in the order they arrived, each with the
 * phase that loaded it (a script requested again later is listed once, at its first load).
 *
 * @param {string} url
 * @param {{ cookie?: string, address?: string, interact?: import("./first-interactions.mjs").Interaction }} [options]
 * @returns {Promise<{ status: number, html: string, scripts: LoadedScript[] }>}
 */
export async function scriptsLoaded(url, { cookie, address, interact } = {}) {
  const context = await (await openBrowser()).newContext({ serviceWorkers: "block", extraHTTPHeaders: address ? { "x-forwarded-for": address } : {} });
  try {
    // For the whole site (path /), as the server set them: a cookie added for the page's own URL
    // gets that URL's folder as its path, and the page's API calls would go without it.
    if (cookie) await context.addCookies(cookiePairs(cookie).map(([name, value]) => ({ name, value, domain: new URL(url).hostname, path: "/" })));
    const page = await context.newPage();
    /** @type {Map<string, LoadedScript>} */
    const scripts = new Map();
    /** @type {Phase} */
    let phase = "load";
    const network = quietTracker(page);
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script" || scripts.has(response.url())) return;
      scripts.set(response.url(), { url: response.url(), status: response.status(), phase });
    });
    page.on("requestfailed", (request) => {
      if (request.resourceType() === "script" && !scripts.has(request.url())) scripts.set(request.url(), { url: request.url(), status: null, phase });
    });
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response) throw new Error(`${url}: the browser got no document`);
    await network.quiet();
    const html = await response.text();
    if (interact) {
      phase = "interaction";
      await interact(page);
      await network.quiet();
    }
    return { status: response.status(), html, scripts: [...scripts.values()] };
  } finally {
    await context.close();
  }
}

/**
 * Counts the page's requests in flight; `quiet()` resolves once none has been for QUIET_MS, and
 * fails after SETTLE_TIMEOUT_MS naming what was still loading (a page that never settles is
 * reported, not measured short).
 *
 * @param {import("@playwright/test").Page} page
 */
function quietTracker(page) {
  /** @type {Set<import("@playwright/test").Request>} */
  const inFlight = new Set();
  let lastChange = performance.now();
  /** @param {import("@playwright/test").Request} request */
  const done = (request) => {
    inFlight.delete(request);
    lastChange = performance.now();
  };
  page.on("request", (request) => {
    inFlight.add(request);
    lastChange = performance.now();
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    async quiet() {
      const deadline = performance.now() + SETTLE_TIMEOUT_MS;
      while (inFlight.size > 0 || performance.now() - lastChange < QUIET_MS) {
        if (performance.now() > deadline) throw new Error(`${page.url()} did not settle in ${SETTLE_TIMEOUT_MS / 1000} s; still loading: ${[...inFlight].map((r) => r.url()).slice(0, 5).join(", ")}`);
        await page.waitForTimeout(50);
      }
    },
  };
}

/**
 * The name=value pairs of a Cookie header.
 *
 * @param {string} header
 * @returns {[string, string][]}
 */
function cookiePairs(header) {
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf("=");
      return /** @type {[string, string]} */ ([part.slice(0, at), part.slice(at + 1)]);
    });
}
