export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
  flakyTests: string[];
}

export function emptyTotals(): TestTotals;
export function addJestReport(totals: TestTotals, report: { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites?: number; numPendingTests: number; numTodoTests: number }): void;
export function addPlaywrightReport(totals: TestTotals, report: { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: unknown[] }): void;
export function runVerdict(totals: TestTotals, options: { stepFailed: boolean }): { failed: boolean; lines: string[] };
