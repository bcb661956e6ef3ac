// Types for plans-api.mjs (plain ESM, no build step), for its test.

export declare const PLANS_PATH: string;
export declare const PLANS_REFERENCE_PATH: string;

export interface PlansTurn {
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export declare function plansFigure(turns: PlansTurn[]): {
  reference: { path: string; requestsPerSecond: number; latencyP99Ms: number };
  plans: { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number };
  ratio: number | null;
};
