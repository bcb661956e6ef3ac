// Types for cost-trend.mjs (plain ESM, no build step), for its test.

export declare const COST_CPU_TREND_TARGET: number;
export declare const COST_RATE_TREND_TARGET: number;

export interface CostSize {
  key: string;
  /** msPerJourney: the server's and the database's CPU-ms per journey; null when the database's could not be read. */
  cpu: { msPerJourney: number | null; failed: number };
  ramp: { sustainedPerMinute: number; capped: boolean };
}

export declare function costTrend(sizes: CostSize[]): {
  from: string;
  to: string;
  cpuRatio: number | null;
  cpuStatus: "PASS" | "FAIL";
  /** Why there is no CPU ratio, when the database's CPU could not be read. */
  cpuNote: string | null;
  rateRatio: number | null;
  /** Why there is no rate ratio, when the ramp's top made one meaningless. */
  rateNote: string | null;
  rateStatus: "PASS" | "FAIL";
};
