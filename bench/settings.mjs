// The bench's settings: flags, ports, the pages it measures and the targets it judges.
// Imported first by bench/run.mjs (it moves to the repository's root).
import path from "node:path";
import { answerFirstStep } from "./first-interactions.mjs";

export const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

export const startedAt = new Date();
export const stamp = startedAt.toISOString().replace(/[:.]/g, "-");

const argv = process.argv.slice(2);
export const quick = argv.includes("--quick");
// Issue 24: page and API latency on a year of data ÷ on an empty clinic (bench/scale/measure.mjs).
// --scale adds the step; --scale-only runs just it after the build; --scale-factor F (1 = the
// whole clinic; 0.05 for a quick look).
export const SCALE_ONLY = argv.includes("--scale-only");
export const SCALE = SCALE_ONLY || argv.includes("--scale");
const scaleFactorIndex = argv.indexOf("--scale-factor");
export const SCALE_FACTOR = scaleFactorIndex >= 0 ? Number(argv[scaleFactorIndex + 1]) : 1;
// --scale-targets a,b: only those of the scale step's targets (their keys, bench/scale/measure.mjs
// SCALE_TARGETS), to look again at a few figures without the whole step's hour.
const scaleTargetsIndex = argv.indexOf("--scale-targets");
export const SCALE_TARGET_KEYS = scaleTargetsIndex >= 0 ? String(argv[scaleTargetsIndex + 1] ?? "").split(",").filter(Boolean) : null;
// --no-cost: the scale step's latency ratios without the cost per purchase journey (bench/scale/cost.mjs).
export const SKIP_COST = argv.includes("--no-cost");
if (!(SCALE_FACTOR > 0)) throw new Error(`--scale-factor takes a number above 0 (got ${argv[scaleFactorIndex + 1]})`);
// Issue 24: bounded growth (bench/growth.mjs): simulated days of mixed traffic with the clock
// advanced and retention run after each. Part of the full run (--no-growth skips it);
// --growth-only runs just it after the build; --growth adds it back beside --scale-only.
// 37 days by default, not the 30: the shortest run in which a table kept 30 days (Stripe
// event ids, unpaid holds, guest carts, abandoned drafts) can fail (docs/operations.md, "Benchmarks").
export const GROWTH_ONLY = argv.includes("--growth-only");
const growthDaysIndex = argv.indexOf("--growth-days");
export const GROWTH = { days: growthDaysIndex >= 0 ? Number(argv[growthDaysIndex + 1]) : 37 };
if (!(Number.isInteger(GROWTH.days) && GROWTH.days >= 2)) throw new Error(`--growth-days takes a whole number of days, at least 2 (got ${argv[growthDaysIndex + 1]})`);
const lhRunsIndex = argv.indexOf("--lh-runs");
export const LH_RUNS = lhRunsIndex >= 0 ? Math.max(1, Number(argv[lhRunsIndex + 1]) || 1) : quick ? 1 : 3;
export const SKIP_LIGHTHOUSE = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-lighthouse");
export const SKIP_STARTUP = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-startup");
export const SKIP_PAY = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-pay");
export const SKIP_PRESCRIPTION = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-prescription");
export const SKIP_HOLDS = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-holds");
export const SKIP_PROXY = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-proxy");
export const SKIP_SOAK = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-soak");
export const SKIP_FAULTS = SCALE_ONLY || GROWTH_ONLY || argv.includes("--no-faults");
export const SKIP_GROWTH = argv.includes("--no-growth") || (SCALE_ONLY && !GROWTH_ONLY && !argv.includes("--growth"));
// Only the production topology's steps (proxy cache, faults, soak, growth) after the build.
export const TOPOLOGY_ONLY = argv.includes("--topology-only");
const soakMinutesIndex = argv.indexOf("--soak-minutes");
export const SOAK = {
  minutes: soakMinutesIndex >= 0 ? Math.max(1, Number(argv[soakMinutesIndex + 1]) || 10) : quick ? 2 : 10,
  rate: 4, // visitors started per second
};
export const PRESCRIPTION_PATIENTS = 50;

export const LOAD = quick
  ? { connections: 50, pipelining: 1, duration: 3, warmup: 1 }
  : { connections: 50, pipelining: 1, duration: 10, warmup: 2 };
export const APP_PORT = Number(process.env.BENCH_PORT) || 3300;
// The build bakes SITE_URL (the bench server's address) in: a bench on another BENCH_PORT has
// its own build folder, so two benches never rebuild each other's.
export const DIST_DIR = APP_PORT === 3300 ? ".next-bench" : `.next-bench-${APP_PORT}`;
export const START_PORT = APP_PORT + 1;
export const RESERVED_PORTS = new Set([3000, 3100, 3210, 54329, 54339]);
export const HOST = "127.0.0.1";
export const BASE = `http://${HOST}:${APP_PORT}`;
export { CHROMIUM } from "./chromium-path.mjs";
export const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/**
 * A page (or API) the bench requests by its path.
 * @typedef {object} Page
 * @property {string} key
 * @property {string} label
 * @property {string} path
 * @property {boolean} page false: an API (load-tested, not scored)
 * @property {boolean} [dynamic] rendered for each request by design (not expected prerendered)
 * @property {boolean} [noIndex] kept out of search engines on purpose (its SEO reported, not judged)
 */

/** @type {Page[]} */
export const PAGES = [
  { key: "home", label: "home", path: "/", page: true },
  { key: "category", label: "category", path: "/treatments/hair-loss-treatments", page: true },
  { key: "product", label: "product", path: "/product/men-shampoo", page: true },
  { key: "health", label: "api/health", path: "/api/health", page: false },
];

// Checked for prerendering and by Lighthouse, not load-tested: step 1 of each treatment
// assessment (prerendered like the catalogue) and the cart (dynamic: it shows the visitor's own).
/** @type {Page[]} */
export const ASSESSMENT_PAGES = ["minoxidil", "mounjaro", "viagra", "cialis"].map((t) => ({ key: `quiz-${t}`, label: `${t} quiz 1`, path: `/${t}/quiz/1`, page: true }));
// The cart is kept out of search engines on purpose (noindex): its SEO score is reported, not judged.
/** @type {Page[]} */
export const EXTRA_PAGES = [
  ...ASSESSMENT_PAGES,
  { key: "consultation", label: "consultation", path: "/consultation", page: true, dynamic: true },
  { key: "cart", label: "cart", path: "/cart", page: true, dynamic: true, noIndex: true },
];
/** Every page Lighthouse scores and whose prerendering is checked (the cart: dynamic by design). */
export const SCORED_PAGES = [...PAGES.filter((p) => p.page), ...EXTRA_PAGES];

// The framework floor: the app's 404 page, i.e. the root layout (header, footer, loader:
// what every page carries) around a server-only page (not-found.tsx: text and <Link>s,
// whose client code the header's links already load). It has no page-level client chunk;
// each run checks that (its chunks beyond the set every measured page shares). /about is
// measured beside it as a second server-only page. The prescription pages are requested
// signed in as a patient made for this step, with a submitted questionnaire for checkout.
/**
 * @typedef {object} JsPage A page whose JavaScript is weighed against the floor.
 * @property {"floor" | "about" | "step" | "checkout"} key
 * @property {string} label
 * @property {(patient: import("./patients.mjs").Patient) => string} path
 * @property {number} status the answer expected
 * @property {boolean} [signedIn] requested with the patient's session cookie
 * @property {RegExp} [marker] in the page's HTML when it is the expected page
 * @property {import("./first-interactions.mjs").Interaction} [interact] the visitor's first step there, whose scripts count too
 */
/** @type {JsPage[]} */
export const JS_PAGES = [
  { key: "floor", label: "floor: 404 page", path: () => `/bench-no-such-page-${stamp}`, status: 404 },
  { key: "about", label: "about", path: () => "/about", status: 200 },
  { key: "step", label: "questionnaire step 1", path: () => "/prescription/questionnaire/1", status: 200, signedIn: true, marker: /<form\b/, interact: answerFirstStep },
  { key: "checkout", label: "prescription checkout", path: (patient) => `/prescription/checkout?questionnaireId=${patient.questionnaireId}`, status: 200, signedIn: true, marker: /Prescription service|£/ },
];

// What an app chunk holds, so a page's chunks beyond the floor can be traced to their
// source: the client components it exports (Turbopack keeps export names in its chunks'
// module records, e.s(["Name", 0, …])), plus a few recognisable libraries.
/** @type {[RegExp, string][]} */
export const CHUNK_MARKERS = [
  [/showModal/, "a <dialog> modal"],
  [/ZodError|invalid_type/, "zod"],
];

export const TARGETS = {
  // Owner's decisions (issue 13): public pages at the origin ≥ 0.6 × a trivial prerendered
  // page through the same server; JavaScript relative to an empty App Router page.
  ratio: 0.6,
  homeToFloor: 1.05,
  publicToFloor: 1.1,
  jsKb: 120,
  stepJsRatio: 1.1,
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  cls: 0.01,
  startupSeconds: 10,
  plansRatio: 0.8,
  plansP99Ms: 30,
  // Issue 24: GET /api/user's p99 within 1.25 × GET /api/health's at 20 connections, in the same run;
  // issue 36: through nginx onto two instances too, against GET /api/health through the same nginx.
  userToHealthP99: 1.25,
};

// The environment the user's own `npm start` would see, before this script adds to it.
export const userEnv = { ...process.env };

/**
 * The webhook signing secret the app and the payment sandboxes share (prepare's
 * applyLocalSecrets sets it when the environment has none).
 */
export function webhookSecret() {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set (applyLocalSecrets sets it).");
  return secret;
}
