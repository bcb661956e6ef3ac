import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

const PRESCRIPTION_SERVICE_SLUG = "prescription-service";

export type PrescriptionOffer = { pricePence: number; planId: string | null };

/** The prescription service's price from the catalogue, and the optional plan if it is one of the service's. */
export async function getPrescriptionOffer(planId: string | null): Promise<PrescriptionOffer> {
  const service = await db.product.findFirst({ where: { slug: PRESCRIPTION_SERVICE_SLUG, isActive: true }, select: { pricePence: true } });
  if (!service?.pricePence) throw new AppError("conflict", "The prescription service is not available at the moment. Please try again later.");
  if (!planId) return { pricePence: service.pricePence, planId: null };
  const plan = await db.plan.findFirst({ where: { id: planId, isActive: true, treatmentType: { slug: "prescription" } }, select: { id: true } });
  if (!plan) throw new AppError("validation_failed", "This plan is not available.", { plan_id: ["This plan is not available."] });
  return { pricePence: service.pricePence, planId: plan.id };
}
