import fs from "node:fs";
import type { Operation } from "@/lib/api-contract/operation";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { fuzzedOperations, fuzzOperation, RUNS_PER_ROUTE, type FuzzTotals } from "./fuzz-routes";

/**
 * One test per operation of the group: RUNS_PER_ROUTE generated requests each. The totals go
 * to test-results/fuzz-<group>-<pid>.json, which `npm test` sums into one line after jest.
 */
export function fuzzSuite(group: string, filter: (operation: Operation) => boolean) {
  sandboxForThisFile();
  const totals: FuzzTotals = { routes: 0, cases: 0, refused: 0, accepted: 0, failedRoutes: 0 };
  const chosen = fuzzedOperations(filter);

  test(`the group has routes to fuzz (${chosen.length})`, () => {
    expect(chosen.length).toBeGreaterThan(0);
  });

  for (const operation of chosen) {
    test(`${operation.method.toUpperCase()} ${operation.path}: ${RUNS_PER_ROUTE} generated requests, never a 5xx, a refusal with a message writes nothing`, async () => {
      await fuzzOperation(operation, totals);
    });
  }

  afterAll(() => {
    fs.mkdirSync("test-results", { recursive: true });
    const run = process.env.API_CONTRACT_RUN ?? "";
    fs.writeFileSync(`test-results/fuzz-${group}-${process.pid}.json`, JSON.stringify({ run, group, runsPerRoute: RUNS_PER_ROUTE, ...totals }));
  });
}
