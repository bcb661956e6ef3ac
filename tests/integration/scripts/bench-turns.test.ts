// The bench's figures from alternating turns (bench/turns.mjs): each side's median over at
// least three turns, so one noisy turn can neither fail a ratio nor pass it.
import { alternatingTurns, median, medianRatio, TURNS_PER_SIDE } from "@/bench/turns.mjs";

const turns = (...p99: number[]) => p99.map((latencyP99Ms) => ({ latencyP99Ms }));

it("does not fail a ratio on one noisy turn of the numerator", () => {
  // Scaled ÷ empty, target ≤ 1.5: the second scaled turn met another process's burst.
  expect(medianRatio(turns(110, 400, 105), turns(100, 102, 98), "latencyP99Ms")).toEqual({ numerator: 110, denominator: 100, ratio: 1.1 });
});

it("does not pass a ratio on one noisy turn of the denominator", () => {
  // A slow empty turn would have made twice the latency look like half.
  expect(medianRatio(turns(200, 210, 190), turns(100, 400, 98), "latencyP99Ms").ratio).toBe(2);
});

it("refuses fewer than three turns a side, and gives no ratio over nothing", () => {
  expect(TURNS_PER_SIDE).toBeGreaterThanOrEqual(3);
  expect(() => medianRatio(turns(110, 400), turns(100, 102), "latencyP99Ms")).toThrow(/at least 3 turns a side \(got 2\)/);
  expect(medianRatio(turns(5, 5, 5), turns(0, 0, 0), "latencyP99Ms").ratio).toBeNull();
});

it("interleaves the sides' turns and takes the middle value", () => {
  expect(alternatingTurns("empty", "scaled")).toEqual(["empty", "scaled", "empty", "scaled", "empty", "scaled"]);
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});
