// What `npm test` (scripts/test.mjs) counts from jest's and Playwright's JSON reports, and when
// the run fails. On CI a browser test that fails runs once more (playwright.config.ts, retries 1,
// recording its trace); one that then passes is "flaky". Playwright's own exit code is 0 for it,
// so it used to be counted as passed and nothing said so. Now flaky tests are counted apart and
// named, and any flaky test fails the run: the retry is kept for its trace, not to forgive.

/**
 * @typedef {{ passed: number, failed: number, skipped: number, flaky: number, flakyTests: string[] }} TestTotals
 */
/**
 * The parts of Playwright's JSON report read here.
 * @typedef {{ title?: string, specs?: { title: string, tests?: { status: string, projectName: string }[] }[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 */

/** @returns {TestTotals} */
export function emptyTotals() {
  return { passed: 0, failed: 0, skipped: 0, flaky: 0, flakyTests: [] };
}

/**
 * Adds jest's --json report.
 * @param {TestTotals} totals
 * @param {{ numPassedTests: number, numFailedTests: number, numRuntimeErrorTestSuites?: number, numPendingTests: number, numTodoTests: number }} report
 */
export function addJestReport(totals, report) {
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

/**
 * Adds one Playwright pass's JSON report (reporter "json"): its stats, and the flaky tests' names.
 * @param {TestTotals} totals
 * @param {{ stats: { expected: number, unexpected: number, flaky: number, skipped: number }, suites?: PlaywrightSuite[] }} report
 */
export function addPlaywrightReport(totals, report) {
  const { stats } = report;
  totals.passed += stats.expected;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  totals.flaky += stats.flaky;
  totals.flakyTests.push(...flakyTests(report.suites ?? []));
}

/**
 * "file › describe › title [project]" of every test whose outcome was flaky (a file's suite is titled with its path).
 * @param {PlaywrightSuite[]} suites
 * @param {string[]} [titles]
 * @returns {string[]}
 */
function flakyTests(suites, titles = []) {
  /** @type {string[]} */
  const found = [];
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === "flaky") found.push(`${[...here, spec.title].join(" › ")} [${test.projectName}]`);
    }
    found.push(...flakyTests(suite.suites ?? [], here));
  }
  return found;
}

/**
 * The run's verdict: it fails when a step failed (`stepFailed`: a child's exit code, a static
 * check), a test failed, or any browser test was flaky. `lines` are printed at the end.
 * @param {TestTotals} totals
 * @param {{ stepFailed: boolean }} options
 * @returns {{ failed: boolean, lines: string[] }}
 */
export function runVerdict(totals, { stepFailed }) {
  const lines = [`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.flaky} flaky (passed only on a retry), ${totals.skipped} skipped`];
  if (totals.flaky > 0) {
    lines.push(`${totals.flaky} flaky browser ${totals.flaky === 1 ? "test fails" : "tests fail"} the run (a retry that passes does not mend a test; its trace is under test-results/e2e-*/):`);
    for (const name of totals.flakyTests) lines.push(`  flaky: ${name}`);
  }
  return { failed: stepFailed || totals.failed > 0 || totals.flaky > 0, lines };
}
