import "server-only";
import { londonToday } from "@/lib/format/dates";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { verifiedBmiOutcome } from "@/lib/questionnaire/verified-bmi";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import type { LockedCase, ReviewKind } from "@/lib/server/staff-review/types";
import type { RecordWeightInput } from "@/lib/validation/weight-verification";
import { toVerificationView, verificationSelect, weightOwnerOf } from "./read-weight-state";
import type { WeightVerificationView } from "./types";

/**
 * Records the weight the clinician verified (from the patient's scales photo, on a video
 * consultation or in person) and applies the medicine's BMI rule to it with the assessment's
 * height: GPhC "Guidance for registered pharmacies providing pharmacy services at a distance,
 * including on the internet" (February 2025), prescribing medicines for weight management —
 * weight and BMI are verified independently, self-reported figures are not enough.
 *
 * A clinical decision: one transaction under the order's lock, for the claim's holder only and
 * never on their own order (decideCase; `kind` is the order review's, passed in by the route so
 * this domain does not depend on the orders review), audited as weight.verified.
 */
export async function recordVerifiedWeight<T extends LockedCase>(actor: StaffActor, kind: ReviewKind<T>, orderId: string, input: RecordWeightInput): Promise<WeightVerificationView & { message: string }> {
  return decideCase(actor, kind, orderId, async (tx, order) => {
    // A renewal's weight is its check-in's (read-weight-state.ts): a record here would count for nothing.
    const { checkInReference } = await weightOwnerOf(tx, orderId);
    if (checkInReference) throw new AppError("conflict", `This repeat supply's weight was verified at check-in ${checkInReference}; it is not recorded again on the order.`);
    const line = await weightLine(tx, orderId);
    const definition = line.assessment ? getQuestionnaireDefinition(line.assessment.definition) : null;
    if (!line.assessment || !definition) throw new AppError("conflict", "This order has no assessment with the patient's height, so a BMI cannot be worked out. Decline the order or invite the patient to a consultation.");
    const ctx = { today: londonToday(line.assessment.submittedAt ?? new Date()) };
    const outcome = verifiedBmiOutcome(definition, readAnswers(line.assessment.answers), input.weight_kg, ctx, line.product.name);
    if (!outcome) throw new AppError("conflict", "The assessment's height could not be read, so a BMI cannot be worked out. Invite the patient to a consultation.");
    const row = await tx.weightVerification.create({
      data: {
        orderId,
        weightKg: outcome.weightKg.toFixed(1),
        heightCm: outcome.heightCm.toFixed(1),
        bmi: outcome.bmi.toFixed(1),
        method: input.method,
        note: input.note,
        passed: outcome.passed,
        failure: outcome.failure,
        verifiedById: actor.user.id,
        verifiedByName: actor.user.name,
      },
      select: { id: true, ...verificationSelect },
    });
    // Ids, method and the verdict only: the figures stay on the clinical record.
    await recordAuditEvent({ actor, action: "weight.verified", subjectType: "order", subjectId: orderId, detail: { reference: order.reference, verificationId: row.id, method: input.method, passed: outcome.passed } }, tx);
    const message = outcome.passed ? `Verified weight recorded for ${order.reference}: BMI ${outcome.bmi.toFixed(1)} meets the rule for ${line.product.name}.` : (outcome.failure ?? "The BMI rule is not met.");
    return { ...toVerificationView(row), message };
  });
}

async function weightLine(tx: Tx, orderId: string) {
  const line = await tx.orderLine.findFirst({
    where: { orderId, product: { requiresWeightVerification: true } },
    select: { product: { select: { name: true } }, assessment: { select: { definition: true, answers: true, submittedAt: true } } },
    orderBy: { id: "asc" },
  });
  if (!line) throw new AppError("conflict", "This order has no medicine that needs a verified weight.");
  return line;
}
