import { defineConfig, devices } from "@playwright/test";

// Runs against the production build that scripts/test.mjs prepares (E2E_BASE_URL).
// Chromium comes from Debian (/usr/bin/chromium): Playwright's own download cannot work offline.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";

const clusterURL = process.env.E2E_CLUSTER_URL;
const CLUSTER_ONLY = /cluster\.spec\.ts$/;
// The specs that must have the server to themselves: the attacker spec exhausts 127.0.0.1's
// budgets (and then empties rate_limit_buckets), and the log scan reads the whole run's output.
// They are the "desktop-alone" project, which scripts/test.mjs runs on one worker after the
// others (desktop and mobile, on E2E_WORKERS workers) have finished, in name order (zz-… last).
const ALONE = [/security-attacks\.spec\.ts$/, /zz-logs-carry-no-personal-data\.spec\.ts$/];
const CLUSTER_JOURNEYS = [/cluster\.spec\.ts$/, /shop-journey\.spec\.ts$/, /consultation\.spec\.ts$/, /prescription\.spec\.ts$/, /subscriptions\.spec\.ts$/];
// The cluster's log scan reads the whole cluster run's output, so it runs after the journeys.
const CLUSTER_LAST = /zz-logs-carry-no-personal-data\.spec\.ts$/;

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./e2e",
  // A spec's tests run in order on one worker; different specs run at once on E2E_WORKERS
  // workers (scripts/test.mjs: 2 for the first pass, where one worker left the machine's two
  // cores 40 % idle). Every spec makes its own patients and staff, so specs share no records.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // On CI a failed test runs once more, recording its trace; one that then passes is flaky, and
  // scripts/test.mjs counts, names and fails the run on it (scripts/lib/test-totals.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL,
    // On CI a failed test runs again, recording its trace (test-results/e2e-*/); recording every
    // test's trace and discarding the passing ones ("retain-on-failure", kept for local runs,
    // which do not retry) cost CI a fifth of the browser tests' time.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: [CLUSTER_ONLY, ...ALONE] },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/, testIgnore: [CLUSTER_ONLY, ...ALONE] },
    { name: "desktop-alone", use: { ...devices["Desktop Chrome"], channel: undefined }, testMatch: ALONE },
    // The main journeys again through `npm run cluster` (nginx in front of two app instances
    // and a worker): scripts/test.mjs starts it and sets E2E_CLUSTER_URL, runs "cluster" on
    // E2E_WORKERS workers, then "cluster-last" (the log scan) on one. Tests tagged
    // @one-instance (e2e/support/tags.ts: one page's own behaviour) run in the main pass only.
    ...(clusterURL
      ? [
          { name: "cluster", use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: clusterURL }, testMatch: CLUSTER_JOURNEYS, grepInvert: /@one-instance/ },
          { name: "cluster-last", use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: clusterURL }, testMatch: CLUSTER_LAST },
        ]
      : []),
  ],
});
