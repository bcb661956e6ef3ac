// GET /api/plans's figure (bench/plans-api.mjs): compared with a route handler that answers
// from memory as it does (GET /api/health/live), not with GET /api/health, which runs a query.
import { PLANS_PATH, PLANS_REFERENCE_PATH, plansFigure, type PlansTurn } from "@/bench/plans-api.mjs";

const turn = (path: string, requestsPerSecond: number, latencyP99Ms = 20): PlansTurn => ({ path, requestsPerSecond, latencyP50Ms: 5, latencyP99Ms, non2xx: 0, errors: 0 });

it("divides the plans' requests/s by a memory-only route's, not by the route that queries PostgreSQL", () => {
  // /api/health (a SELECT 1 each) at 800/s, liveness at 2,000/s, the plans at 1,500/s: against
  // health the plans read 1.88 and passed ≥ 0.8 however slow they were beside a route like them.
  const turns = [turn("/api/health", 800), turn("/api/health/live", 2000), turn(PLANS_PATH, 1500), turn("/api/health", 810), turn("/api/health/live", 1900), turn(PLANS_PATH, 1400), turn("/api/health", 790), turn("/api/health/live", 2100), turn(PLANS_PATH, 1600)];
  const figure = plansFigure(turns);
  expect(figure.ratio).toBe(0.75);
  expect(figure.reference).toEqual({ path: "/api/health/live", requestsPerSecond: 2000, latencyP99Ms: 20 });
  expect(PLANS_REFERENCE_PATH).toBe("/api/health/live");
});

it("takes each side's median, so one noisy turn does not decide it", () => {
  const figure = plansFigure([turn(PLANS_REFERENCE_PATH, 2000), turn(PLANS_PATH, 1800, 25), turn(PLANS_REFERENCE_PATH, 600), turn(PLANS_PATH, 300, 400), turn(PLANS_REFERENCE_PATH, 2100), turn(PLANS_PATH, 1700, 24)]);
  expect(figure.ratio).toBe(0.85);
  expect(figure.plans.latencyP99Ms).toBe(25);
});
