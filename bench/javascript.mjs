// 4. JavaScript weight: the home page (against its KB target), and the prescription pages
//    against the framework floor (a ratio, so the framework's own size cancels out).
import zlib from "node:zlib";
import { createPatients, patientAddress, signInAll } from "./patients.mjs";
import { closeBrowser, scriptsLoaded } from "./browser-scripts.mjs";
import { getRaw } from "./net.mjs";
import { fixed, heading, kb, table } from "./report.mjs";
import { results, run } from "./harness.mjs";
import { BASE, CHUNK_MARKERS, JS_PAGES, TARGETS } from "./settings.mjs";

const gzip9 = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const shortUrl = (url, max = 60) => (url.length > max ? `…${url.slice(-(max - 1))}` : url);
const chunkCache = new Map(); // script URL -> its bytes and encoding, fetched once per run

export async function javascriptWeight() {
  heading("Home page JavaScript (gzipped; every script Chromium loads until the network is quiet)");
  const { entry: home } = await pageJavascript("/").finally(closeBrowser);
  results.jsWeight = home;
  const { scripts, totalGzipBytes: totalGzip, totalRawBytes: totalRaw, inlineScripts } = home;
  const counted = scripts.filter((s) => s.counted);
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
  const [patient] = await createPatients(run.scratch.url, { count: 1, label: "js" });
  const address = patientAddress(210, 1);
  const [session] = await signInAll(BASE, [patient], { addressOf: () => address });
  const pages = {};
  try {
    for (const spec of JS_PAGES) {
      const pagePath = spec.path(patient);
      const { entry, html } = await pageJavascript(pagePath, { cookie: spec.signedIn ? session.cookie : undefined, address, expectStatus: spec.status, interact: spec.interact });
      if (spec.marker && !spec.marker.test(html)) throw new Error(`GET ${pagePath} answered ${entry.status} but not with the expected page (no ${spec.marker} in its HTML)`);
      pages[spec.key] = { label: spec.label, signedIn: !!spec.signedIn, ...entry };
    }
  } finally {
    await closeBrowser();
  }
  const floor = pages.floor;
  const urlsOf = (entry) => new Set(entry.scripts.filter((s) => s.counted).map((s) => s.url));
  const shared = Object.values(pages).map(urlsOf).reduce((a, b) => new Set([...a].filter((url) => b.has(url))));
  const floorUrls = urlsOf(floor);
  for (const entry of Object.values(pages)) {
    entry.ratioToFloor = +(entry.totalGzipBytes / floor.totalGzipBytes).toFixed(3);
    entry.frameworkGzipBytes = entry.scripts.filter((s) => s.counted && s.kind.startsWith("framework")).reduce((sum, s) => sum + s.gzipBytes, 0);
    entry.beyondFloor = entry.scripts.filter((s) => s.counted && !floorUrls.has(s.url)).map(({ url, kind, phase, rawBytes, gzipBytes, hint }) => ({ url, kind, phase, rawBytes, gzipBytes, hint }));
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
  for (const key of ["step", "checkout", "about"]) {
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
 */
export async function pageJavascript(pagePath, { cookie, address, expectStatus = 200, base = BASE, interact } = {}) {
  const loaded = await scriptsLoaded(`${base}${pagePath}`, { cookie, address, interact });
  if (loaded.status !== expectStatus) throw new Error(`GET ${pagePath} answered ${loaded.status} in the browser, expected ${expectStatus}`);
  const { html } = loaded;
  const decode = (value) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
  const named = new Set(); // absolute URLs of the scripts and script preloads the HTML names
  const noModuleNamed = [];
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
    const { raw, ...fetched } = chunkCache.get(url.href);
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
  const counted = scripts.filter((s) => s.counted);
  const sum = (list) => list.reduce((total, s) => total + s.gzipBytes, 0);
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
function attr(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, "i").exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

// A rough label from content markers, to tell framework chunks from the app's own code.
function chunkKind(pathname, raw) {
  const text = raw.toString("latin1");
  if (text.includes("__reactContainer")) return "framework: React DOM";
  if (/turbopack-[^/]*\.js$/.test(pathname)) return "framework: Turbopack runtime";
  if (text.includes("next-router") || text.includes("__NEXT_")) return "framework: Next.js client";
  return "app / other";
}


function chunkHint(raw) {
  const text = raw.toString("utf8");
  const components = [...new Set([...text.matchAll(/[,[]"([A-Z][A-Za-z0-9]{3,})",0,/g)].map((m) => m[1]))];
  const hints = [...components, ...CHUNK_MARKERS.filter(([pattern]) => pattern.test(text)).map(([, name]) => name)];
  return hints.join(", ") || null;
}
