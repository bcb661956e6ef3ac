// 4c. Public pages' JavaScript against the framework's floor, as the owner decided (issue 13):
//     an empty App Router page built with the same Next.js, in the same run. The floor app
//     is a root layout and a page written into .bench-floor/ (gitignored), built with the project's own
//     `next` (its node_modules are found by walking up) and served by `next start`.
//     Targets: the home page ≤ 1.05 × the floor, every other public page ≤ 1.10 ×.
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../scripts/lib/free-port.mjs";
import { closeBrowser } from "./browser-scripts.mjs";
import { answerFirstStep, pickFirstDay } from "./first-interactions.mjs";
import { pageJavascript } from "./javascript.mjs";
import { waitForHealth } from "./net.mjs";
import { patientAddress } from "./patients.mjs";
import { fixed, heading, kb, table } from "./report.mjs";
import { results, spawnTracked, stopChild, tail } from "./harness.mjs";
import { HOST, root, TARGETS } from "./settings.mjs";

const FLOOR_DIR = path.join(root, ".bench-floor");

/**
 * The public pages judged against the floor: the home page, then the others. Where a visitor's
 * first step stays on the page (a day picked, an answer given), what the browser loads after it
 * counts too; elsewhere the first step is a link to another page, measured on its own.
 */
/** @type {{ key: string, label: string, path: string, target: () => number, interact?: import("./first-interactions.mjs").Interaction }[]} */
const FLOOR_PAGES = [
  { key: "home", label: "home", path: "/", target: () => TARGETS.homeToFloor },
  { key: "treatments", label: "catalogue", path: "/treatments", target: () => TARGETS.publicToFloor },
  { key: "category", label: "category", path: "/treatments/hair-loss-treatments", target: () => TARGETS.publicToFloor },
  { key: "product", label: "product", path: "/product/men-shampoo", target: () => TARGETS.publicToFloor },
  { key: "consultation", label: "consultation", path: "/consultation", target: () => TARGETS.publicToFloor, interact: pickFirstDay },
  { key: "assessment", label: "assessment step 1", path: "/minoxidil/quiz/1", target: () => TARGETS.publicToFloor, interact: answerFirstStep },
  { key: "cart", label: "cart", path: "/cart", target: () => TARGETS.publicToFloor },
];

// Next.js looks upwards from the app's folder for a configuration and an instrumentation
// file: the floor has its own, empty ones, so nothing of the shop's leaks into it.
const FILES = {
  "package.json": JSON.stringify({ private: true, name: "bench-floor" }),
  "next.config.mjs": "export default {};\n",
  "instrumentation.js": "export function register() {}\n",
  "app/layout.jsx": `export const metadata = { title: "Floor" };
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.jsx": `export default function Page() {
  return <p>An empty App Router page.</p>;
}
`,
};

/**
 * @typedef {object} FloorPage A public page's JavaScript against the floor's.
 * @property {string} label
 * @property {string} path
 * @property {string | null} interaction
 * @property {number} totalGzipBytes
 * @property {number} afterInteractionGzipBytes
 * @property {number} notInHtmlGzipBytes
 * @property {number} htmlNamedGzipBytes
 * @property {number} htmlNamedRatio
 * @property {number} scripts
 * @property {number} ratio
 * @property {number} target
 * @property {number} beyondFramework
 */
/**
 * @typedef {object} FrameworkFloorResult
 * @property {string} why
 * @property {string} counted
 * @property {{ totalGzipBytes: number, scripts: number, notInHtmlGzipBytes: number }} floor
 * @property {Record<string, FloorPage>} pages
 */

/** @param {{ base: string }} options */
export async function frameworkFloor({ base }) {
  heading("Public pages' JavaScript against an empty App Router page of the same Next.js (gzipped)");
  const floorBase = await startFloorApp();
  /** @type {Record<string, FloorPage>} */
  const pages = {};
  /** @type {import("./javascript.mjs").PageJavascript} */
  let floor;
  try {
    ({ entry: floor } = await pageJavascript("/", { base: floorBase.url }));
    await floorBase.stop();
    for (const page of FLOOR_PAGES) {
      // A visitor's own address (the bench's load steps have spent 127.0.0.1's write budgets).
      const { entry } = await pageJavascript(page.path, { base, address: patientAddress(211, 1), interact: page.interact });
      pages[page.key] = {
        label: page.label,
        path: page.path,
        interaction: entry.interaction,
        totalGzipBytes: entry.totalGzipBytes,
        afterInteractionGzipBytes: entry.afterInteractionGzipBytes,
        notInHtmlGzipBytes: entry.notInHtmlGzipBytes,
        // What this figure counted until issue 36: the scripts the HTML names, read from the HTML.
        htmlNamedGzipBytes: entry.htmlNamedGzipBytes,
        htmlNamedRatio: +(entry.htmlNamedGzipBytes / floor.totalGzipBytes).toFixed(3),
        scripts: entry.scripts.filter((s) => s.counted).length,
        ratio: +(entry.totalGzipBytes / floor.totalGzipBytes).toFixed(3),
        target: page.target(),
        beyondFramework: entry.scripts.filter((s) => s.counted && s.kind === "app / other").reduce((sum, s) => sum + (s.gzipBytes ?? 0), 0),
      };
    }
  } finally {
    await floorBase.stop();
    await closeBrowser();
  }
  results.frameworkFloor = {
    why: "an empty App Router page (root layout + one server page) built with the same Next.js in this run",
    counted: "every script Chromium loads until the network is quiet, and after the first interaction where one is named",
    floor: { totalGzipBytes: floor.totalGzipBytes, scripts: floor.scripts.filter((s) => s.counted).length, notInHtmlGzipBytes: floor.notInHtmlGzipBytes },
    pages,
  };
  console.log(table(["page", "path", "first interaction", "scripts", "gzip KB", "after it KB", "not in HTML KB", "app code KB", "÷ floor", "HTML only ÷ floor", "target"], [
    ["floor: empty App Router page", "/", "-", results.frameworkFloor.floor.scripts, kb(floor.totalGzipBytes), "-", kb(floor.notInHtmlGzipBytes), "-", "1.000", "-", "-"],
    ...Object.values(pages).map((p) => [p.label, p.path, p.interaction ?? "-", p.scripts, kb(p.totalGzipBytes), kb(p.afterInteractionGzipBytes), kb(p.notInHtmlGzipBytes), kb(p.beyondFramework), fixed(p.ratio, 3), fixed(p.htmlNamedRatio, 3), `≤ ${p.target}`]),
  ]));
  console.log("÷ floor is judged; \"HTML only\" is what the bench counted before issue 36 (the scripts the HTML names), for comparison.");
}

/** @type {Promise<void> | null} */
let floorBuild = null;

/** Builds the floor app once per run (later calls wait for the same build). */
function buildFloorApp() {
  floorBuild ??= (async () => {
    for (const [file, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(FLOOR_DIR, file)), { recursive: true });
      fs.writeFileSync(path.join(FLOOR_DIR, file), text);
    }
    const next = path.join(root, "node_modules/next/dist/bin/next");
    const build = spawnTracked("floor: next build", [next, "build"], { env: floorEnv(), keepLines: 100, cwd: FLOOR_DIR });
    const { code, signal } = await build.exited;
    if (code !== 0) throw new Error(`The floor app's next build failed (${code ?? signal}):\n${tail(build, 40)}`);
  })();
  return floorBuild;
}

/**
 * The floor app served by server/serve.mjs (--dir), the same server as the shop's: its page
 * is the "trivial prerendered page" the throughput figure is judged against, and the empty
 * App Router page the JavaScript budgets are.
 */
export async function startFloorApp() {
  await buildFloorApp();
  const port = await freePort();
  const server = spawnTracked("floor: serve.mjs", [path.join(root, "server/serve.mjs"), "--dir", FLOOR_DIR, "--port", String(port), "--hostname", HOST], { env: floorEnv(), cwd: FLOOR_DIR });
  const url = `http://${HOST}:${port}`;
  await waitForHealth(`${url}/`, { timeoutMs: 60_000, child: server });
  return { url, stop: () => stopChild(server) };
}

// Nothing of the shop's environment: the floor app has no configuration of its own.
/** @returns {NodeJS.ProcessEnv} */
const floorEnv = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
