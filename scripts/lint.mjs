// `npm run lint`: ESLint over the repository, then the import-graph rules
// (.dependency-cruiser.cjs: no cycles between modules or folders, app → components → lib,
// the kernel and the services import no domain, what ships imports no tooling), then knip
// (knip.json: no unused file, export, type or dependency, and no dependency used but unlisted).
import { spawnSync } from "node:child_process";

/** What ships: the import graph is checked from these roots (tooling is reached through their imports). */
const PRODUCT_ROOTS = ["app", "components", "lib", "server", "proxy.ts", "instrumentation.ts", "instrumentation-node.ts"];

/** @type {[label: string, script: string, args: string[]][]} */
const steps = [
  ["ESLint", "node_modules/eslint/bin/eslint.js", ["."]],
  ["import graph", "node_modules/dependency-cruiser/bin/dependency-cruise.mjs", ["--config", ".dependency-cruiser.cjs", ...PRODUCT_ROOTS]],
  ["folder pairs", "scripts/shape-report.mjs", ["--check"]],
  ["unused code", "node_modules/knip/bin/knip.js", ["--no-progress"]],
];

let failed = false;
for (const [label, script, args] of steps) {
  const status = spawnSync(process.execPath, [script, ...args], { stdio: "inherit" }).status ?? 1;
  if (status !== 0) {
    console.error(`lint: the ${label} check failed.`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
