// The cost step's verdict on its trend over the data sizes (bench/scale/cost.mjs), apart from
// the step itself so that it can be tested without servers: CPU per journey on the largest
// clinic against the empty one's (the app server's and PostgreSQL's backends' together: a query
// that grows with the data costs the database, not the app), and the journeys a minute one
// instance sustains likewise.

/** Targets over the data sizes: the scaled clinic's CPU per journey ≤ 1.5 × the empty one's, its rate ≥ 0.67 × the empty one's. */
export const COST_CPU_TREND_TARGET = 1.5;
export const COST_RATE_TREND_TARGET = 0.67;

/**
 * @typedef {object} CostSize One data size's figures, as the cost step measured them.
 * @property {string} key
 * @property {{ msPerJourney: number | null, failed: number }} cpu msPerJourney: the server's and the database's CPU-ms per journey, null when the database's could not be read
 * @property {{ sustainedPerMinute: number, capped: boolean }} ramp capped: the ramp's top rate was sustained (the rate is a lower bound)
 */
/**
 * @typedef {object} CostTrend
 * @property {string} from
 * @property {string} to
 * @property {number | null} cpuRatio
 * @property {"PASS" | "FAIL"} cpuStatus
 * @property {string | null} cpuNote why there is no CPU ratio, when the database's CPU could not be read
 * @property {number | null} rateRatio
 * @property {string | null} rateNote why there is no rate ratio, when the ramp's top made one meaningless
 * @property {"PASS" | "FAIL"} rateStatus
 */

/**
 * The trend from the first size (the empty clinic) to the last. `sizes[i]` carries
 * `cpu: { msPerJourney, failed }` (msPerJourney: the server's and the database's CPU-ms per
 * journey, null when the database's could not be read) and `ramp: { sustainedPerMinute, capped }`,
 * where `capped` means the ramp's top rate was sustained, so the rate is a lower bound.
 * @param {CostSize[]} sizes
 * @returns {CostTrend}
 */
export function costTrend(sizes) {
  const first = sizes[0];
  const last = sizes.at(-1);
  if (!first || !last) throw new Error("costTrend needs the data sizes' figures");
  const [firstMs, lastMs] = [first.cpu.msPerJourney, last.cpu.msPerJourney];
  const cpuMeasured = firstMs !== null && lastMs !== null;
  const cpuRatio = cpuMeasured && firstMs > 0 ? lastMs / firstMs : null;
  // A rate that reached the top of the ramp is a lower bound: two such are as good as equal, but
  // an empty clinic's bound over a scaled clinic's limit is no ratio at all (judged FAIL).
  const rateMeasured = !(first.ramp.capped && !last.ramp.capped);
  const rateRatio = first.ramp.sustainedPerMinute > 0 && rateMeasured ? last.ramp.sustainedPerMinute / first.ramp.sustainedPerMinute : null;
  return {
    from: first.key,
    to: last.key,
    cpuRatio,
    cpuStatus: cpuRatio !== null && cpuRatio <= COST_CPU_TREND_TARGET && sizes.every((s) => s.cpu.failed === 0) ? "PASS" : "FAIL",
    cpuNote: cpuMeasured ? null : "no ratio: PostgreSQL's backends' CPU could not be read (its processes are not on this machine, or /proc hides them)",
    rateRatio,
    rateNote: rateMeasured ? null : "no ratio: the empty clinic sustained the ramp's top rate, the scaled one a lower one",
    // Judged as printed, to two places: the ramp's steps give ⅔ exactly (96 ÷ 144), which is the 0.67 the target means.
    rateStatus: rateRatio !== null && +rateRatio.toFixed(2) >= COST_RATE_TREND_TARGET ? "PASS" : "FAIL",
  };
}
