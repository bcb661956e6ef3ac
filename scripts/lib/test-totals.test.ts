// npm test's counting and verdict (scripts/lib/test-totals.mjs): a browser test that passed
// only on its retry is counted as flaky, named, and fails the run.
import { addJestReport, addPlaywrightReport, emptyTotals, runVerdict, type PlaywrightSuite } from "./test-totals.mjs";

const playwrightReport = (stats: { expected: number; unexpected: number; flaky: number; skipped: number }, suites: PlaywrightSuite[] = []) => ({ stats, suites });
const test = (projectName: string, status: string) => ({ projectName, status });

it("counts a flaky browser test apart, names it, and fails the run on it", () => {
  const totals = emptyTotals();
  addJestReport(totals, { numPassedTests: 10, numFailedTests: 0, numRuntimeErrorTestSuites: 0, numPendingTests: 1, numTodoTests: 0 });
  addPlaywrightReport(
    totals,
    playwrightReport({ expected: 3, unexpected: 0, flaky: 1, skipped: 0 }, [
      {
        title: "cart.spec.ts",
        specs: [{ title: "adds a product", tests: [test("desktop", "expected"), test("mobile", "flaky")] }],
        suites: [{ title: "checkout", specs: [{ title: "pays", tests: [test("desktop", "expected")] }], suites: [] }],
      },
      { title: "shop.spec.ts", specs: [{ title: "browses", tests: [test("desktop", "expected")] }] },
    ]),
  );
  expect(totals).toEqual({ passed: 13, failed: 0, skipped: 1, flaky: 1, flakyTests: ["cart.spec.ts › adds a product [mobile]"] });
  const verdict = runVerdict(totals, { stepFailed: false });
  expect(verdict.failed).toBe(true);
  expect(verdict.lines[0]).toBe("tests: 13 passed, 0 failed, 1 flaky (passed only on a retry), 1 skipped");
  expect(verdict.lines).toContain("  flaky: cart.spec.ts › adds a product [mobile]");
});

it("names a flaky test inside a describe block, and adds the passes of two reports", () => {
  const totals = emptyTotals();
  addPlaywrightReport(totals, playwrightReport({ expected: 2, unexpected: 0, flaky: 0, skipped: 1 }));
  addPlaywrightReport(totals, playwrightReport({ expected: 0, unexpected: 0, flaky: 1, skipped: 0 }, [{ title: "cluster.spec.ts", specs: [], suites: [{ title: "nginx", specs: [{ title: "spreads", tests: [test("cluster", "flaky")] }] }] }]));
  expect(totals).toMatchObject({ passed: 2, skipped: 1, flaky: 1, flakyTests: ["cluster.spec.ts › nginx › spreads [cluster]"] });
});

it("passes a clean run, saying it had no flaky test, and fails on a failed test or step", () => {
  const totals = emptyTotals();
  addPlaywrightReport(totals, playwrightReport({ expected: 5, unexpected: 0, flaky: 0, skipped: 0 }));
  expect(runVerdict(totals, { stepFailed: false })).toEqual({ failed: false, lines: ["tests: 5 passed, 0 failed, 0 flaky (passed only on a retry), 0 skipped"] });
  expect(runVerdict(totals, { stepFailed: true }).failed).toBe(true);
  addPlaywrightReport(totals, playwrightReport({ expected: 0, unexpected: 1, flaky: 0, skipped: 0 }));
  expect(runVerdict(totals, { stepFailed: false }).failed).toBe(true);
});
