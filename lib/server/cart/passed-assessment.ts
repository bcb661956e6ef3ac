import "server-only";
import { londonToday } from "@/lib/format/dates";
import { assessmentProduct } from "@/lib/questionnaire/assessment-product";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import type { db, Tx } from "@/lib/server/core/db/client";
import { readAnswers } from "@/lib/server/questionnaire/response-records";

const ASSESSMENT_REQUIRED = "Complete the assessment before adding this treatment to your cart.";
const ASSESSMENT_EXPIRED = "Your assessment for this treatment has expired. Please take the assessment again.";
const ASSESSMENT_NOT_PASSED = "This assessment does not allow this treatment. Please book a consultation.";

export type PassedAssessment = { id: string; treatmentType: string; productSlug: string; validUntil: Date };

/**
 * Why an assessment does not allow a medicine into this owner's cart, or the pass it gives:
 * it must be the owner's own (someone else's reads as missing), a treatment assessment that
 * ended ELIGIBLE, still within its validity, and the product it allows is read from its
 * locked answers, never from the caller.
 */
export async function checkPassedAssessment(
  client: Tx | typeof db,
  actor: Actor,
  assessmentId: string | undefined | null,
): Promise<{ ok: true; pass: PassedAssessment } | { ok: false; message: string }> {
  if (!assessmentId) return { ok: false, message: ASSESSMENT_REQUIRED };
  const row = await client.questionnaireResponse.findFirst({
    where: { id: assessmentId, ...ownedBy(actor) },
    select: { id: true, definition: true, answers: true, outcome: true, validUntil: true, submittedAt: true },
  });
  const definition = row ? getQuestionnaireDefinition(row.definition) : null;
  if (!row || !definition?.assessment || !row.submittedAt) return { ok: false, message: ASSESSMENT_REQUIRED };
  if (row.outcome !== "ELIGIBLE") return { ok: false, message: ASSESSMENT_NOT_PASSED };
  if (!row.validUntil || row.validUntil.getTime() <= Date.now()) return { ok: false, message: ASSESSMENT_EXPIRED };
  const productSlug = assessmentProduct(definition, readAnswers(row.answers), { today: londonToday() });
  if (!productSlug) return { ok: false, message: ASSESSMENT_NOT_PASSED };
  return { ok: true, pass: { id: row.id, treatmentType: definition.assessment.treatmentType, productSlug, validUntil: row.validUntil } };
}
