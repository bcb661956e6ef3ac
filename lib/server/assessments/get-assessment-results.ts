import "server-only";
import type { Actor } from "@/lib/server/actor/types";
import { cachedPlans } from "@/lib/server/catalogue/plans-cache";
import type { PlanView } from "@/lib/server/catalogue/types";
import { db } from "@/lib/server/db/client";
import { getLatestAssessment, type AssessmentResult } from "./latest-assessment";

export type AssessmentResults =
  | Exclude<AssessmentResult, { kind: "eligible" }>
  | {
      kind: "eligible";
      id: string;
      validUntil: Date;
      /** The medicine the answers allow, or null if it has left the catalogue. */
      product: { name: string; isPrescriptionOnly: boolean } | null;
      /** The treatment type's active plans, in catalogue order. */
      plans: PlanView[];
    };

/**
 * The results page's data: the actor's latest verdict for this treatment's assessment and,
 * when it is a pass, the medicine it allows and the plans on offer.
 */
export async function getAssessmentResults(actor: Actor | null, treatmentType: string): Promise<AssessmentResults> {
  const result = await getLatestAssessment(actor, treatmentType);
  if (result.kind !== "eligible") return result;
  const [product, plans] = await Promise.all([
    db.product.findUnique({ where: { slug: result.productSlug }, select: { name: true, kind: true } }),
    cachedPlans(treatmentType),
  ]);
  return {
    kind: "eligible",
    id: result.id,
    validUntil: result.validUntil,
    product: product ? { name: product.name, isPrescriptionOnly: product.kind === "PRESCRIPTION_ONLY" } : null,
    plans,
  };
}
