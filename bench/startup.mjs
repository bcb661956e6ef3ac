// 6. Start-up time of a second `npm start` (already built and migrated).
import fs from "node:fs";
import { parseEnv } from "node:util";
import { performance } from "node:perf_hooks";
import { waitForHealth, waitForPortFree } from "./net.mjs";
import { heading } from "./report.mjs";
import { results, scratchDatabase, spawnTracked, stopChild } from "./harness.mjs";
import { HOST, START_PORT, TARGETS, userEnv } from "./settings.mjs";


/**
 * @typedef {object} StartupResult
 * @property {{ seconds: number, built: boolean }} first
 * @property {{ seconds: number, built: boolean }} second
 * @property {number} attempts
 * @property {number} port
 * @property {string | undefined} siteUrl
 * @property {boolean} valid the second start did not rebuild
 */

export async function startupTime() {
  heading("Start-up: `npm start` (node server/start.mjs), already built and migrated");
  // The environment the user's `npm start` sees, pointed at the scratch database. SITE_URL is
  // baked into the build and into the build stamp: keep the one the user's default
  // `npm start` uses, so the .next build made here is the user's own (and stays current).
  const dotEnv = fs.existsSync(".env") ? parseEnv(fs.readFileSync(".env", "utf8")) : {};
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...userEnv, NEXT_TELEMETRY_DISABLED: "1", PORT: String(START_PORT), DATABASE_URL: scratchDatabase().url };
  delete env.NEXT_DIST_DIR;
  if (!userEnv.SITE_URL && !dotEnv.SITE_URL) env.SITE_URL = `http://localhost:${userEnv.PORT || dotEnv.PORT || 3000}`;
  const healthUrl = `http://${HOST}:${START_PORT}/api/health`;

  /**
   * @param {string} label
   * @param {number} timeoutMs
   */
  const runOnce = async (label, timeoutMs) => {
    await waitForPortFree(START_PORT);
    const since = performance.now();
    const child = spawnTracked(label, ["server/start.mjs"], { env, keepLines: 400 });
    let built = false;
    child.lineListeners.push((line) => {
      if (/Building the production bundle/.test(line)) built = true;
    });
    try {
      const ms = await waitForHealth(healthUrl, { timeoutMs, child, since });
      return { seconds: +(ms / 1000).toFixed(2), built };
    } finally {
      await stopChild(child);
    }
  };

  const first = await runOnce("npm start #1", 300_000);
  console.log(`first start:  ${first.seconds} s${first.built ? " (built .next: not counted)" : " (build was current)"}`);
  let second = await runOnce("npm start #2", 60_000);
  let attempts = 1;
  // Sources edited between the two runs (someone else working in the tree) force a rebuild:
  // that run is not a "second start"; try once more.
  while (second.built && attempts < 3) {
    console.log(`second start rebuilt (sources changed meanwhile): ${second.seconds} s, not counted; retrying`);
    second = await runOnce(`npm start #${attempts + 2}`, 60_000);
    attempts++;
  }
  results.startup = { first, second, attempts, port: START_PORT, siteUrl: env.SITE_URL ?? userEnv.SITE_URL ?? dotEnv.SITE_URL, valid: !second.built };
  console.log(`second start: ${second.seconds} s until /api/health answered 200${second.built ? " (it rebuilt: sources kept changing)" : ""} (target ≤ ${TARGETS.startupSeconds} s)`);
}
