// The cost step's verdict on its trend (bench/scale/cost-trend.mjs): CPU per journey and the
// journeys a minute one instance sustains, scaled clinic against empty, and what a ramp that
// reached its top rate (a lower bound, not a limit) may and may not prove.
import { costTrend, type CostSize } from "@/bench/scale/cost-trend.mjs";

const size = (key: string, msPerJourney: number, sustainedPerMinute: number, capped = false, failed = 0): CostSize => ({
  key,
  cpu: { msPerJourney, failed },
  ramp: { sustainedPerMinute, capped },
});

it("passes a scaled clinic within the targets and fails one outside them", () => {
  expect(costTrend([size("empty", 200, 576), size("tenth", 210, 576), size("scaled", 290, 384)])).toMatchObject({
    from: "empty",
    to: "scaled",
    cpuRatio: 1.45,
    cpuStatus: "PASS",
    rateRatio: 384 / 576,
    rateStatus: "PASS", // ⅔, judged as printed (0.67)
    rateNote: null,
  });
  const worse = costTrend([size("empty", 200, 576), size("scaled", 310, 288)]);
  expect(worse).toMatchObject({ cpuStatus: "FAIL", rateRatio: 0.5, rateStatus: "FAIL" });
});

it("fails the CPU trend when a journey at any size did not end dispensed", () => {
  expect(costTrend([size("empty", 200, 576), size("tenth", 200, 576, false, 1), size("scaled", 200, 576)]).cpuStatus).toBe("FAIL");
});

it("takes two ramps that both reached the top as equal, but gives no ratio when only the empty clinic's did", () => {
  expect(costTrend([size("empty", 200, 1536, true), size("scaled", 200, 1536, true)])).toMatchObject({ rateRatio: 1, rateStatus: "PASS", rateNote: null });
  const bound = costTrend([size("empty", 200, 1536, true), size("scaled", 200, 1152)]);
  expect(bound).toMatchObject({ rateRatio: null, rateStatus: "FAIL" });
  expect(bound.rateNote).toMatch(/ramp's top rate/);
  // The scaled clinic at the top and the empty one below it is a ratio of at least what it says.
  expect(costTrend([size("empty", 200, 1152), size("scaled", 200, 1536, true)])).toMatchObject({ rateRatio: 1536 / 1152, rateStatus: "PASS" });
});

it("gives no ratio when the empty clinic sustained nothing", () => {
  expect(costTrend([size("empty", 0, 0), size("scaled", 200, 96)])).toMatchObject({ cpuRatio: null, cpuStatus: "FAIL", rateRatio: null, rateStatus: "FAIL" });
});

it("judges the server's and the database's CPU together, and gives no ratio without the database's", () => {
  // Issue 36, proof 4: the app server's CPU flat while PostgreSQL's backends do four times the
  // work is a journey that costs 2.5 × as much, which the server's CPU alone would have passed.
  const serverOnly = { empty: 100, scaled: 110 };
  const database = { empty: 50, scaled: 200 };
  const trend = costTrend([size("empty", serverOnly.empty + database.empty, 576), size("scaled", serverOnly.scaled + database.scaled, 576)]);
  expect(trend).toMatchObject({ cpuRatio: 310 / 150, cpuStatus: "FAIL", cpuNote: null });
  const unread = costTrend([{ ...size("empty", 0, 576), cpu: { msPerJourney: null, failed: 0 } }, size("scaled", 200, 576)]);
  expect(unread).toMatchObject({ cpuRatio: null, cpuStatus: "FAIL" });
  expect(unread.cpuNote).toMatch(/PostgreSQL's backends' CPU could not be read/);
});
