// `npm run shape`: the figures of the code's shape, read from the import graph (the same
// resolution as `npm run lint`'s import rules): two-way folder pairs, the largest files,
// and for five traces (an entry point a patient or a pharmacist reaches) how many files
// of lib/server, and how many of its folders, the entry pulls in.
//   node scripts/shape-report.mjs [--json]
//   node scripts/shape-report.mjs --check   exit 1 on any two-way folder pair (part of `npm run lint`):
//     dependency-cruiser's folder rule sees a folder as holding its sub-folders, so a parent
//     and its child that import each other (orders ⇄ orders/review) pass it; this does not.
import fs from "node:fs";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const ROOTS = ["app", "components", "lib", "server", "proxy.ts", "instrumentation.ts", "instrumentation-node.ts"].filter((root) => fs.existsSync(root));
const TRACES = {
  "prescription pay": "app/api/prescription/pay/route.ts",
  subscribe: "app/api/subscribe/route.ts",
  "dispense an order": "app/api/staff/orders/[id]/dispense/route.ts",
  "payment webhook": "app/api/webhooks/stripe/route.ts",
  "subscriptions page": "app/(account)/dashboard/subscriptions/page.tsx",
};

const result = await cruise(ROOTS, {
  doNotFollow: { path: "node_modules" },
  exclude: { path: "(^|/)node_modules/|^lib/server/core/db/generated/|\\.test\\.tsx?$" },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: "tsconfig.json" },
}, { extensions: [".ts", ".tsx", ".mjs", ".js", ".d.mts", ".d.ts"] }, { tsConfig: extractTSConfig("tsconfig.json") });
// Without an outputType, cruise answers with the result object itself (not reporter text).
const cruised = /** @type {import("dependency-cruiser").ICruiseResult} */ (result.output);
const modules = cruised.modules.filter((entry) => !entry.coreModule && !entry.source.includes("node_modules"));
/** @param {import("dependency-cruiser").IDependency} dependency */
const local = (dependency) => !dependency.coreModule && !dependency.resolved.includes("node_modules") && !dependency.couldNotResolve;
/** @param {string} file */
const folderOf = (file) => file.split("/").slice(0, -1).join("/");
/** @param {string} file */
const isSource = (file) => /\.(ts|tsx|mjs)$/.test(file) && !file.endsWith(".d.mts");

// Two-way pairs: folder A imports from folder B and B from A (a folder is a file's own folder).
/** @type {Set<string>} */
const edges = new Set();
for (const entry of modules) {
  for (const dependency of entry.dependencies.filter(local)) {
    const from = folderOf(entry.source);
    const to = folderOf(dependency.resolved);
    if (from !== to) edges.add(`${from}\n${to}`);
  }
}
/** @param {Set<string>} set */
const twoWay = (set) => [...set].map((edge) => /** @type {[string, string]} */ (edge.split("\n"))).filter(([from, to]) => from < to && set.has(`${to}\n${from}`)).map(([a, b]) => `${a} ⇄ ${b}`);
const pairs = twoWay(edges);
// The same at the top level (app, components, lib, server, and whatever they import).
const topLevel = new Set([...edges].map((edge) => edge.split("\n").map((folder) => folder.split("/")[0] || ".")).filter(([from, to]) => from !== to).map(([from, to]) => `${from}\n${to}`));
const topLevelPairs = twoWay(topLevel);

const largest = modules
  .filter((entry) => isSource(entry.source) && /^(app|components|lib|server)\//.test(entry.source))
  .map((entry) => ({ file: entry.source, lines: fs.readFileSync(entry.source, "utf8").split("\n").length }))
  .sort((a, b) => b.lines - a.lines)
  .slice(0, 8);

const bySource = new Map(modules.map((entry) => [entry.source, entry]));
/** @param {string} entry */
function reach(entry) {
  /** @type {Set<string>} */
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const file = /** @type {string} */ (stack.pop());
    const found = bySource.get(file);
    if (seen.has(file) || !found) continue;
    seen.add(file);
    for (const dependency of found.dependencies.filter(local)) stack.push(dependency.resolved);
  }
  const server = [...seen].filter((file) => file.startsWith("lib/server/") && isSource(file));
  return { files: server.length, folders: new Set(server.map(folderOf)).size };
}
const traces = Object.fromEntries(Object.entries(TRACES).map(([name, entry]) => [name, bySource.has(entry) ? reach(entry) : null]));

const report = { twoWayFolderPairs: pairs, twoWayTopLevelPairs: topLevelPairs, largestFiles: largest, traces };
if (process.argv.includes("--check")) {
  const found = [...pairs, ...topLevelPairs];
  for (const pair of found) console.error(`two-way folder pair: ${pair}`);
  if (found.length) console.error("Folders depend one way: move what both need into a lower folder, or merge them into one concept.");
  else console.log("No two-way folder pairs.");
  process.exit(found.length ? 1 : 0);
} else if (process.argv.includes("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`Two-way folder pairs: ${pairs.length}`);
  for (const pair of pairs) console.log(`  ${pair}`);
  console.log(`Two-way top-level pairs: ${topLevelPairs.length}`);
  for (const pair of topLevelPairs) console.log(`  ${pair}`);
  console.log("Largest files (lines):");
  for (const { file, lines } of largest) console.log(`  ${String(lines).padStart(5)}  ${file}`);
  console.log("Traces (lib/server files / folders the entry pulls in):");
  for (const [name, figures] of Object.entries(traces)) console.log(`  ${name.padEnd(20)} ${figures ? `${figures.files} files in ${figures.folders} folders` : "entry not found"}`);
}
