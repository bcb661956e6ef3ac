// Metrics count requests per route PATTERN (/api/orders/[id]), never per raw path: a raw path
// carries ids and references (a prescription reference is the only secret behind its public
// page, lib/security/redact-log-path.mjs) and would make one time series per record.
// The patterns are the app's own routes: the build's app-path-routes-manifest.json (what the
// production server serves) and, when the source is there (dev, tests, the tools image), the
// app/ folder itself. Any path no route matches is "other".
import fs from "node:fs";
import path from "node:path";

export const OTHER_ROUTE = "other";
/** A file served from public/ (images): one label for all of them. */
export const PUBLIC_FILE_ROUTE = "/[public file]";

const PAGE_FILE = /^(page|route)\.(tsx|ts|jsx|js|mdx)$/;
// Metadata files Next.js serves as routes (app/robots.ts → /robots.txt).
/** @type {Record<string, string>} */
const GENERATED_METADATA = { robots: "robots.txt", sitemap: "sitemap.xml", manifest: "manifest.webmanifest" };
const STATIC_METADATA = /^(favicon\.ico|(icon|apple-icon|opengraph-image|twitter-image)\.(ico|jpg|jpeg|png|svg|gif)|robots\.txt|sitemap\.xml|manifest\.(json|webmanifest))$/;

/**
 * The URL patterns of the app router's pages and route handlers under `appDir`
 * ("/orders/[id]"), without route groups, parallel-route slots or private folders.
 * @param {string} appDir
 * @returns {string[]}
 */
export function appRoutesFromDirectory(appDir) {
  /** @type {string[]} */
  const routes = [];
  /** @param {string} dir @param {string[]} segments */
  const walk = (dir, segments) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_")) continue;
        const urlSegment = /^\(.*\)$/.test(entry.name) || entry.name.startsWith("@") ? [] : [entry.name];
        walk(path.join(dir, entry.name), [...segments, ...urlSegment]);
        continue;
      }
      const stem = entry.name.replace(/\.(tsx|ts|jsx|js)$/, "");
      if (PAGE_FILE.test(entry.name)) routes.push(`/${segments.join("/")}`);
      else if (Object.hasOwn(GENERATED_METADATA, stem) && stem !== entry.name) routes.push(`/${[...segments, GENERATED_METADATA[stem]].join("/")}`);
      else if (STATIC_METADATA.test(entry.name)) routes.push(`/${[...segments, entry.name].join("/")}`);
    }
  };
  if (fs.existsSync(appDir)) walk(appDir, []);
  return routes;
}

/**
 * The URL patterns a production build serves (Next.js writes them to
 * `<distDir>/app-path-routes-manifest.json`, which the standalone output keeps), or [] without a build.
 * @param {string} distDir
 * @returns {string[]}
 */
export function appRoutesFromBuild(distDir) {
  const file = path.join(distDir, "app-path-routes-manifest.json");
  if (!fs.existsSync(file)) return [];
  return Object.values(JSON.parse(fs.readFileSync(file, "utf8")));
}

/**
 * The paths of the files under `publicDir`, as requested ("/images/hero.webp").
 * @param {string} publicDir
 * @returns {string[]}
 */
function publicFilePaths(publicDir) {
  if (!fs.existsSync(publicDir)) return [];
  return fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
}

// Next.js's precedence among routes that match the same path: at each segment a static name
// first, then [param], then [...catchAll], then [[...optionalCatchAll]].
/** @param {string} segment */
const rank = (segment) => (segment.startsWith("[[...") ? 3 : segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

/** @typedef {{ pattern: string, segments: string[] }} Route */

/** @param {Route} a @param {Route} b */
function compareRoutes(a, b) {
  for (const [i, segment] of a.segments.entries()) {
    const other = b.segments[i];
    if (other === undefined) break;
    const difference = rank(segment) - rank(other);
    if (difference !== 0) return difference;
  }
  return a.segments.length - b.segments.length;
}

/** @param {string[]} routeSegments @param {string[]} pathSegments */
function matches(routeSegments, pathSegments) {
  for (const [i, segment] of routeSegments.entries()) {
    const kind = rank(segment);
    if (kind === 3) return true;
    if (kind === 2) return pathSegments.length > i;
    if (i >= pathSegments.length) return false;
    if (kind === 0 && segment !== pathSegments[i]) return false;
  }
  return routeSegments.length === pathSegments.length;
}

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A function from a request's path (req.url, with or without its query string) to the route
 * pattern that serves it: one of `routes`, "/_next/static", "/_next/image", PUBLIC_FILE_ROUTE,
 * or OTHER_ROUTE. Never returns anything taken from the path itself.
 * @param {string[]} routes URL patterns such as "/orders/[id]"
 * @param {{ publicFiles?: string[] }} [options]
 * @returns {(url: string) => string}
 */
export function routePatternMatcher(routes, { publicFiles = [] } = {}) {
  const table = [...new Set(routes)]
    .map((pattern) => ({ pattern, segments: pattern.split("/").filter(Boolean) }))
    .sort(compareRoutes);
  const exact = new Set(table.filter((route) => route.segments.every((segment) => rank(segment) === 0)).map((route) => route.pattern));
  const files = new Set(publicFiles);
  return (url) => {
    const [pathname = ""] = (url ?? "").split("?", 1);
    if (!pathname.startsWith("/")) return OTHER_ROUTE;
    if (pathname.startsWith("/_next/static/")) return "/_next/static";
    if (pathname === "/_next/image") return "/_next/image";
    if (pathname.startsWith("/_next/")) return OTHER_ROUTE;
    const segments = pathname.split("/").filter(Boolean).map(decodeSegment);
    const normalised = `/${segments.join("/")}`;
    if (exact.has(normalised)) return normalised;
    if (files.has(normalised)) return PUBLIC_FILE_ROUTE;
    const route = table.find((candidate) => matches(candidate.segments, segments));
    return route ? route.pattern : OTHER_ROUTE;
  };
}

/**
 * The matcher for the app served from `dir` (its build in `distDir`, its app/ and public/ folders).
 * @param {{ dir: string, distDir: string }} options
 */
export function loadRoutePatternMatcher({ dir, distDir }) {
  const routes = [...appRoutesFromBuild(distDir), ...appRoutesFromDirectory(path.join(dir, "app"))];
  return routePatternMatcher(routes, { publicFiles: publicFilePaths(path.join(dir, "public")) });
}
