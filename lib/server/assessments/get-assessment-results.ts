import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { cachedPlans } from "@/lib/server/catalogue/plans-cache";
import type { PlanView } from "@/lib/server/catalogue/types";
import { db } from "@/lib/server/core/db/client";
import { getQuestionnaireGpDetails } from "@/lib/server/gp/questionnaire-gp-details";
import type { GpDetailsView } from "@/lib/server/gp/types";
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
      /**
       * The GP step beside a prescription-only medicine's result: "required" for a medicine
       * marked GP consent required (Mounjaro: the plans wait for a yes or a no), "optional"
       * for other prescription-only medicines, null where we do not ask. `details` is what
       * the patient gave (the account's GP row, or a guest's kept with this assessment).
       */
      gp: { step: "required" | "optional"; details: GpDetailsView | null } | null;
    };

/**
 * The results page's data: the actor's latest verdict for this treatment's assessment and,
 * when it is a pass, the medicine it allows and the plans on offer.
 */
export async function getAssessmentResults(actor: Actor | null, treatmentType: string): Promise<AssessmentResults> {
  const result = await getLatestAssessment(actor, treatmentType);
  if (result.kind !== "eligible") return result;
  if (!actor) return { kind: "none" };
  const [product, plans] = await Promise.all([
    db.product.findUnique({ where: { slug: result.productSlug }, select: { name: true, kind: true, requiresGpConsent: true } }),
    cachedPlans(treatmentType),
  ]);
  const step = product?.requiresGpConsent ? "required" : product?.kind === "PRESCRIPTION_ONLY" ? "optional" : null;
  return {
    kind: "eligible",
    id: result.id,
    validUntil: result.validUntil,
    product: product ? { name: product.name, isPrescriptionOnly: product.kind === "PRESCRIPTION_ONLY" } : null,
    plans,
    gp: step ? { step, details: await getQuestionnaireGpDetails(actor, result.id) } : null,
  };
}
