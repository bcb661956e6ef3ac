// 4. JavaScript weight: the home page (against its KB target), and the prescription pages
//    against the framework floor (a ratio, so the framework's own size cancels out).
import zlib from "node:zlib";
import { createPatients, patientAddress, signInAll } from "./patients.mjs";
import { closeBrowser, scriptsLoaded } from "./browser-scripts.mjs";
import { getRaw } from "./net.mjs";
import { fixed, heading, kb, table } from "./report.mjs";
import { results, run } from "./harness.mjs";
import { BASE, CHUNK_MARKERS, JS_PAGES, TARGETS } from "./settings.mjs";

/**
 * A script of the page's own origin, fetched once more here for its size as served (every
 * counted script is one).
 * @typedef {object} FetchedScript
 * @property {string} url
 * @property {number | null | undefined} status the browser's (null: it failed), or as fetched here when the browser had a 200
 * @property {boolean} counted loaded with 200 by the browser and here
 * @property {import("./browser-scripts.mjs").Phase} phase
 * @property {boolean} namedInHtml
 * @property {string} kind what its content looks like (chunkKind)
 * @property {string | null} hint the client components and libraries it holds (chunkHint)
 * @property {number} rawBytes
 * @property {string | null} contentEncoding
 * @property {number} wireBytes
 * @property {number} gzipBytes
 * @property {number} gzipLevel9Bytes
 * @property {undefined} [note]
 */
/**
 * A script of another origin: listed, not fetched, never counted.
 * @typedef {{ url: string, status: number | null, counted: false, phase: import("./browser-scripts.mjs").Phase, namedInHtml: boolean, note: string } & { [K in Exclude<keyof FetchedScript, "url" | "status" | "counted" | "phase" | "namedInHtml" | "note">]?: undefined }} ForeignScript
 */
/** @typedef {FetchedScript | ForeignScript} PageScript A script the browser loaded for a page. */
/** @typedef {{ status: number | undefined, raw: Buffer, contentEncoding: string | null, wireBytes: number, gzipBytes: number, gzipLevel9Bytes: number }} FetchedChunk */
/** @typedef {Awaited<ReturnType<typeof pageJavascript>>["entry"]} PageJavascript A page's JavaScript, as pageJavascript weighs it. */
/**
 * A prescription page's JavaScript beside the floor's (prescriptionJavascript).
 * @typedef {{ label: string, signedIn: boolean, ratioToFloor: number, frameworkGzipBytes: number, beyondFloor: Pick<FetchedScript, "url" | "kind" | "phase" | "rawBytes" | "gzipBytes" | "hint">[], pageLevelScripts: string[] } & PageJavascript} JsPageEntry
 */
/**
 * @typedef {object} PrescriptionJavascript
 * @property {{ key: string, path: string, why: string }} floor
 * @property {number} target
 * @property {Record<import("./settings.mjs").JsPage["key"], JsPageEntry>} pages
 * @property {number} [stepToFrameworkOnly]
 */

const gzip9 = (/** @type {Buffer} */ bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const shortUrl = (/** @type {string} */ url, max = 60) => (url.length > max ? `…${url.slice(-(max - 1))}` : url);
/** @type {Map<string, FetchedChunk>} */
const chunkCache = new Map(); // script URL -> its bytes and encoding, fetched once per run

export async function javascriptWeight() {
  heading("Home page JavaScript (gzipped; every script Chromium loads until the network is quiet)");
  const { entry: home } = await pageJavascript("/").finally(closeBrowser);
  results.jsWeight = home;
  const { scripts, totalGzipBytes: totalGzip, totalRawBytes: totalRaw, inlineScripts } = home;
  const counted = /** @type {FetchedScript[]} */ (scripts.filter((s) => s.counted));
  console.log(table(["script", "status", "raw KB", "encoding", "gzip KB", "counted", "in HTML", "looks like"], scripts.map((s) => [shortUrl(s.url), s.status ?? "-", kb(s.rawBytes), s.contentEncoding ?? (s.status ? "none (gzip -9 here)" : "-"), kb(s.gzipBytes), s.counted ? "yes" : "no", s.namedInHtml ? "yes" : "no", `${s.kind ?? s.note}${s.hint && s.kind === "app / other" ? ` (${s.hint})` : ""}`])));
  console.log(`total: ${counted.length} scripts the browser loaded, ${kb(totalRaw)} KB raw, ${kb(totalGzip)} KB gzipped (target ≤ ${TARGETS.jsKb} KB); of which not named in the HTML: ${kb(home.notInHtmlGzipBytes)} KB`);
  const framework = counted.filter((s) => s.kind !== "app / other").reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(`of which framework (React DOM, Next.js client, Turbopack runtime, by content markers): ${kb(framework)} KB; app and other: ${kb(totalGzip - framework)} KB`);
  console.log(`not counted: ${inlineScripts.count} inline <script> blocks (Next's RSC payload and bootstrap), ${kb(inlineScripts.rawBytes)} KB raw, ${kb(inlineScripts.gzipLevel9Bytes)} KB gzip -9, carried in the HTML (${kb(home.htmlBytes)} KB raw, ${kb(home.htmlGzipLevel9Bytes)} KB gzip -9)${home.noModuleNamed ? `; ${home.noModuleNamed} nomodule script(s) named, which a modern browser does not load` : ""}`);
  const missing = scripts.filter((s) => s.status !== 200);
  if (missing.length) console.log(`warning: ${missing.length} script(s) not loaded with 200: ${missing.map((s) => `${s.url} (${s.status ?? s.note ?? "failed"})`).join(", ")}`);
}


export async function prescriptionJavascript() {
  heading("Prescription pages' JavaScript against the framework floor (gzipped)");
  const [patient] = /** @type {[import("./patients.mjs").Patient]} one, as asked */ (await createPatients(/** @type {NonNullable<typeof run.scratch>} prepare() made it */ (run.scratch).url, { count: 1, label: "js" }));
  const address = patientAddress(210, 1);
  const [session] = /** @type {[import("./patients.mjs").Session]} */ (await signInAll(BASE, [patient], { addressOf: () => address }));
  const pages = /** @type {PrescriptionJavascript["pages"]} every JS_PAGES key, filled below */ ({});
  try {
    for (const spec of JS_PAGES) {
      const pagePath = spec.path(patient);
      const { entry, html } = await pageJavascript(pagePath, { cookie: spec.signedIn ? session.cookie : undefined, address, expectStatus: spec.status, interact: spec.interact });
      if (spec.marker && !spec.marker.test(html)) throw new Error(`GET ${pagePath} answered ${entry.status} but not with the expected page (no ${spec.marker} in its HTML)`);
      pages[spec.key] = /** @type {JsPageEntry} its figures beside the floor's are added below */ ({ label: spec.label, signedIn: !!spec.signedIn, ...entry });
    }
  } finally {
    await closeBrowser();
  }
  const floor = pages.floor;
  const urlsOf = (/** @type {JsPageEntry} */ entry) => new Set(entry.scripts.filter((s) => s.counted).map((s) => s.url));
  const shared = Object.values(pages).map(urlsOf).reduce((a, b) => new Set([...a].filter((url) => b.has(url))));
  const floorUrls = urlsOf(floor);
  for (const entry of Object.values(pages)) {
    entry.ratioToFloor = +(entry.totalGzipBytes / floor.totalGzipBytes).toFixed(3);
    entry.frameworkGzipBytes = /** @type {FetchedScript[]} counted */ (entry.scripts.filter((s) => s.counted && s.kind.startsWith("framework"))).reduce((sum, s) => sum + s.gzipBytes, 0);
    entry.beyondFloor = /** @type {FetchedScript[]} counted */ (entry.scripts.filter((s) => s.counted && !floorUrls.has(s.url))).map(({ url, kind, phase, rawBytes, gzipBytes, hint }) => ({ url, kind, phase, rawBytes, gzipBytes, hint }));
    entry.pageLevelScripts = entry.scripts.filter((s) => s.counted && !shared.has(s.url)).map((s) => s.url);
  }
  results.pageJavascript = {
    floor: { key: "floor", path: floor.path, why: "the 404 page: the root layout around a server-only page, no page-level client chunk" },
    target: TARGETS.stepJsRatio,
    pages,
  };
  console.log(table(["page", "path", "status", "first interaction", "scripts", "raw KB", "gzip KB", "after it KB", "not in HTML KB", "÷ floor", "target"], Object.entries(pages).map(([key, e]) => [e.label, shortUrl(e.path, 44), e.status, e.interaction ?? "-", e.scripts.filter((s) => s.counted).length, kb(e.totalRawBytes), kb(e.totalGzipBytes), kb(e.afterInteractionGzipBytes), kb(e.notInHtmlGzipBytes), fixed(e.ratioToFloor, 3), key === "step" ? `≤ ${TARGETS.stepJsRatio}` : "-"])));
  console.log(`floor = ${results.pageJavascript.floor.why}; its chunks beyond those every page above loads: ${floor.pageLevelScripts.length ? floor.pageLevelScripts.join(", ") : "none"}.`);
  if (floor.pageLevelScripts.length) console.log("warning: the floor page loads a chunk of its own; it is no longer a clean floor (pick another server-only page).");
  const appInFloor = floor.totalGzipBytes - floor.frameworkGzipBytes;
  results.pageJavascript.stepToFrameworkOnly = +(pages.step.totalGzipBytes / floor.frameworkGzipBytes).toFixed(3);
  console.log(`the floor is ${kb(floor.frameworkGzipBytes)} KB of framework chunks (React DOM, Next.js client, Turbopack runtime) and ${kb(appInFloor)} KB of the root layout's own client code; against the framework chunks alone (roughly an App Router page in an empty root layout) the step page is ${fixed(results.pageJavascript.stepToFrameworkOnly, 2)}×.`);
  for (const key of /** @type {const} */ (["step", "checkout", "about"])) {
    const entry = pages[key];
    if (!entry.beyondFloor.length) {
      console.log(`${entry.label}: no chunk beyond the floor's`);
      continue;
    }
    const extra = entry.beyondFloor.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`${entry.label}: ${entry.beyondFloor.length} chunk(s) beyond the floor's, ${kb(extra)} KB gzipped${entry.totalGzipBytes - extra !== floor.totalGzipBytes ? ` (and ${kb(floor.totalGzipBytes - (entry.totalGzipBytes - extra))} KB of the floor's not loaded)` : ""}:`);
    for (const s of entry.beyondFloor) console.log(`    ${shortUrl(s.url).padEnd(48)} ${kb(s.gzipBytes).padStart(6)} KB  ${s.phase === "interaction" ? "after the interaction, " : ""}${s.kind}${s.hint ? ` (${s.hint})` : ""}`);
  }
}


/**
 * The JavaScript a modern browser loads for `pagePath` (optionally with a Cookie header): every
 * script real Chromium loads until the network is quiet and, when `interact` is given, after that
 * first interaction too (bench/browser-scripts.mjs). Each same-origin script is then fetched once
 * more here for its size as served (gzip, or gzip -9 here when the server does not compress).
 * Each carries whether the HTML names it (`namedInHtml`: what this figure counted until issue 36,
 * kept as `htmlNamedGzipBytes` so the difference shows) and the phase that loaded it.
 * @param {string} pagePath
 * @param {{ cookie?: string, address?: string, expectStatus?: number, base?: string, interact?: import("./first-interactions.mjs").Interaction }} [options]
 *   address: the client address the browser's requests give (X-Forwarded-For)
 */
export async function pageJavascript(pagePath, { cookie, address, expectStatus = 200, base = BASE, interact } = {}) {
  const loaded = await scriptsLoaded(`${base}${pagePath}`, { cookie, address, interact });
  if (loaded.status !== expectStatus) throw new Error(`GET ${pagePath} answered ${loaded.status} in the browser, expected ${expectStatus}`);
  const { html } = loaded;
  const decode = (/** @type {string} */ value) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
  /** @type {Set<string>} */
  const named = new Set(); // absolute URLs of the scripts and script preloads the HTML names
  /** @type {string[]} */
  const noModuleNamed = [];
  /** @type {(string | undefined)[]} */
  const inline = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(match[1], "src");
    const type = attr(match[1], "type");
    // nomodule scripts (Next's legacy polyfills) are neither fetched nor run by modern browsers.
    if (src && attr(match[1], "nomodule") !== undefined) noModuleNamed.push(new URL(decode(src), base).href);
    else if (src) named.add(new URL(decode(src), base).href);
    else if (!type || /javascript|module/i.test(type)) inline.push(match[2]);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = (attr(match[1], "rel") ?? "").toLowerCase();
    const as = (attr(match[1], "as") ?? "").toLowerCase();
    const href = attr(match[1], "href");
    if (href && (rel === "modulepreload" || (rel === "preload" && as === "script"))) named.add(new URL(decode(href), base).href);
  }
  /** @type {PageScript[]} */
  const scripts = [];
  for (const { url: href, status: browserStatus, phase } of loaded.scripts) {
    const url = new URL(href);
    if (url.origin !== base) {
      scripts.push({ url: url.href, status: browserStatus, counted: false, phase, namedInHtml: named.has(url.href), note: "other origin, not fetched" });
      continue;
    }
    if (!chunkCache.has(url.href)) {
      const response = await getRaw(url.href, { "Accept-Encoding": "gzip" });
      const encoding = response.headers["content-encoding"] ?? null;
      const raw = encoding === "gzip" ? zlib.gunzipSync(response.body) : response.body;
      chunkCache.set(url.href, { status: response.status, raw, contentEncoding: encoding, wireBytes: response.body.length, gzipBytes: encoding === "gzip" ? response.body.length : gzip9(raw), gzipLevel9Bytes: gzip9(raw) });
    }
    const { raw, ...fetched } = /** @type {FetchedChunk} set above */ (chunkCache.get(url.href));
    scripts.push({
      url: url.pathname + url.search,
      status: browserStatus === 200 ? fetched.status : browserStatus,
      counted: browserStatus === 200 && fetched.status === 200,
      phase,
      namedInHtml: named.has(url.href),
      kind: chunkKind(url.pathname, raw),
      hint: chunkHint(raw),
      rawBytes: raw.length,
      contentEncoding: fetched.contentEncoding,
      wireBytes: fetched.wireBytes,
      gzipBytes: fetched.gzipBytes,
      gzipLevel9Bytes: fetched.gzipLevel9Bytes,
    });
  }
  const counted = /** @type {FetchedScript[]} */ (scripts.filter((s) => s.counted));
  const sum = (/** @type {FetchedScript[]} */ list) => list.reduce((total, s) => total + s.gzipBytes, 0);
  const totalGzip = sum(counted);
  const inlineText = Buffer.from(inline.join("\n"));
  const entry = {
    path: pagePath,
    status: loaded.status,
    interaction: interact ? interact.name : null,
    scripts,
    totalGzipBytes: totalGzip,
    totalGzipKb: +(totalGzip / 1024).toFixed(1),
    totalRawBytes: counted.reduce((total, s) => total + s.rawBytes, 0),
    afterInteractionGzipBytes: sum(counted.filter((s) => s.phase === "interaction")),
    notInHtmlGzipBytes: sum(counted.filter((s) => !s.namedInHtml)),
    htmlNamedGzipBytes: sum(counted.filter((s) => s.namedInHtml)),
    serverCompresses: counted.some((s) => s.contentEncoding === "gzip"),
    noModuleNamed: noModuleNamed.length,
    inlineScripts: { count: inline.length, rawBytes: inlineText.length, gzipLevel9Bytes: gzip9(inlineText) },
    htmlBytes: html.length,
    htmlGzipLevel9Bytes: gzip9(Buffer.from(html)),
  };
  return { entry, html };
}


// The value of attribute `name` in a start tag's attribute text: "" when present without a
// value, undefined when absent.
/**
 * @param {string | undefined} attributes a start tag's match group (never undefined: the group always matches)
 * @param {string} name
 */
function attr(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, "i").exec(/** @type {string} */ (attributes));
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

// A rough label from content markers, to tell framework chunks from the app's own code.
/**
 * @param {string} pathname
 * @param {Buffer} raw
 */
function chunkKind(pathname, raw) {
  const text = raw.toString("latin1");
  if (text.includes("__reactContainer")) return "framework: React DOM";
  if (/turbopack-[^/]*\.js$/.test(pathname)) return "framework: Turbopack runtime";
  if (text.includes("next-router") || text.includes("__NEXT_")) return "framework: Next.js client";
  return "app / other";
}


/** @param {Buffer} raw */
function chunkHint(raw) {
  const text = raw.toString("utf8");
  const components = [...new Set([...text.matchAll(/[,[]"([A-Z][A-Za-z0-9]{3,})",0,/g)].map((m) => m[1]))];
  const hints = [...components, ...CHUNK_MARKERS.filter(([pattern]) => pattern.test(text)).map(([, name]) => name)];
  return hints.join(", ") || null;
}
