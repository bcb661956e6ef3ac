import "server-only";
import { cachedPlans } from "./plans-cache";
import type { PlanOffer } from "./types";

/** The active plans of a treatment type as GET /api/plans answers them (from the plans cache). */
export async function listPlanOffers(treatmentTypeSlug: string): Promise<PlanOffer[]> {
  return (await cachedPlans(treatmentTypeSlug)).map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: plan.pricePence / 100,
    duration: plan.durationMonths,
    description: plan.description,
  }));
}
