import { defineConfig, devices } from "@playwright/test";

// Runs against the production build that scripts/test.mjs prepares (E2E_BASE_URL).
// Chromium comes from Debian (/usr/bin/chromium): Playwright's own download cannot work offline.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";

const clusterURL = process.env.E2E_CLUSTER_URL;
const CLUSTER_ONLY = /cluster\.spec\.ts$/;
const CLUSTER_JOURNEYS = [
  /cluster\.spec\.ts$/,
  /shop-journey\.spec\.ts$/,
  /consultation\.spec\.ts$/,
  /prescription\.spec\.ts$/,
  /subscriptions\.spec\.ts$/,
  /zz-logs-carry-no-personal-data\.spec\.ts$/,
];

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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: CLUSTER_ONLY },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/, testIgnore: CLUSTER_ONLY },
    // The main journeys again through `npm run cluster` (nginx in front of two app instances
    // and a worker): scripts/test.mjs starts it and sets E2E_CLUSTER_URL.
    ...(clusterURL
      ? [{ name: "cluster", use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: clusterURL }, testMatch: CLUSTER_JOURNEYS }]
      : []),
  ],
});
