import "server-only";
import { londonToday } from "@/lib/format/dates";
import { assessmentProduct } from "@/lib/questionnaire/assessment-product";
import { getAssessmentDefinition } from "@/lib/questionnaire/definitions";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readAnswers } from "@/lib/server/questionnaire/response-records";

export type AssessmentResult =
  | { kind: "none" }
  | { kind: "eligible"; id: string; productSlug: string; validUntil: Date }
  | { kind: "expired"; id: string }
  | { kind: "not-eligible"; id: string; reason: string };

/**
 * The results page's verdict: the actor's newest completed attempt at this treatment's
 * assessment. A pass is offered until its validUntil; after that, and when there is no
 * completed attempt, the patient is asked to take it (again).
 */
export async function getLatestAssessment(actor: Actor | null, treatmentType: string): Promise<AssessmentResult> {
  const definition = getAssessmentDefinition(treatmentType);
  if (!actor || !definition) return { kind: "none" };
  const row = await db.questionnaireResponse.findFirst({
    where: { ...ownedBy(actor), definition: definition.slug, submittedAt: { not: null }, outcome: { not: null } },
    orderBy: { submittedAt: "desc" },
    select: { id: true, answers: true, outcome: true, outcomeReason: true, validUntil: true },
  });
  if (!row) return { kind: "none" };
  if (row.outcome === "NOT_ELIGIBLE") return { kind: "not-eligible", id: row.id, reason: row.outcomeReason ?? "This treatment is not suitable for you without a consultation." };
  if (!row.validUntil || row.validUntil.getTime() <= Date.now()) return { kind: "expired", id: row.id };
  const productSlug = assessmentProduct(definition, readAnswers(row.answers), { today: londonToday() });
  if (!productSlug) return { kind: "none" };
  return { kind: "eligible", id: row.id, productSlug, validUntil: row.validUntil };
}
