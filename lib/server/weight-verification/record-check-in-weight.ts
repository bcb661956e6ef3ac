import "server-only";
import { bmiOf, joinMeasurements, parseMeasurements } from "@/lib/questionnaire/bmi";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readAnswers } from "@/lib/server/questionnaire/response-records";

const CHECK_IN_WEIGHT_REQUIRED = "Record the weight you read on the patient's scales photo before approving.";
const NO_PHOTO = "The patient has not sent a scales photo with this check-in, so the weight cannot be verified. Refer the patient to a consultation instead.";

type CheckInSubject = { checkInId: string; reference: string; userId: string | null; assessmentId: string | null };

/**
 * The weight the approving prescriber read on the check-in's scales photo, recorded as a weight
 * verification of the check-in (method PHOTO, by the approver) inside the approval's
 * transaction: GPhC distance-pharmacy guidance (February 2025), weight management — a
 * weight-loss medicine is never supplied on self-reported weight alone, repeat supplies
 * included. At continuation the starting BMI threshold does not apply (the record passes); the
 * BMI is kept with the assessment's height (or the last verified height) for the trend.
 */
export async function recordCheckInWeight(tx: Tx, actor: StaffActor, subject: CheckInSubject, weightKg: number | undefined): Promise<void> {
  if (weightKg === undefined) throw new AppError("validation_failed", CHECK_IN_WEIGHT_REQUIRED, { weight_kg: [CHECK_IN_WEIGHT_REQUIRED] });
  if (!(await tx.weightEvidence.findFirst({ where: { checkInId: subject.checkInId, kind: "PHOTO" }, select: { id: true } }))) throw new AppError("conflict", NO_PHOTO);
  const heightCm = await heightOf(tx, subject);
  const bmi = heightCm ? bmiOf(joinMeasurements(String(heightCm), String(weightKg))) : null;
  if (!heightCm || bmi === null) throw new AppError("conflict", "The patient's height is not on record (no assessment or earlier verified weight), so the weight cannot be recorded. Refer the patient to a consultation.");
  const row = await tx.weightVerification.create({
    data: {
      checkInId: subject.checkInId,
      weightKg: weightKg.toFixed(1),
      heightCm: heightCm.toFixed(1),
      bmi: bmi.toFixed(1),
      method: "PHOTO",
      note: "Verified from the check-in's scales photo on approval.",
      passed: true,
      failure: null,
      verifiedById: actor.user.id,
      verifiedByName: actor.user.name,
    },
    select: { id: true },
  });
  // Ids and method only: the figures stay on the clinical record.
  await recordAuditEvent({ actor, action: "weight.verified", subjectType: "check_in", subjectId: subject.checkInId, detail: { reference: subject.reference, verificationId: row.id, method: "PHOTO", passed: true } }, tx);
}

/** The height behind the BMI: the assessment's measurements, else the patient's last verified record. */
async function heightOf(tx: Tx, subject: CheckInSubject): Promise<number | null> {
  const assessment = subject.assessmentId ? await tx.questionnaireResponse.findUnique({ where: { id: subject.assessmentId }, select: { definition: true, answers: true } }) : null;
  const definition = assessment ? getQuestionnaireDefinition(assessment.definition) : null;
  if (assessment && definition) {
    const step = definition.steps.findIndex((question) => question.kind === "measurements") + 1;
    const reported = step > 0 ? parseMeasurements(readAnswers(assessment.answers)[step]?.text ?? "") : null;
    if (reported) return reported.heightCm;
  }
  if (!subject.userId) return null;
  const last = await tx.weightVerification.findFirst({ where: { OR: [{ order: { userId: subject.userId } }, { checkIn: { userId: subject.userId } }] }, select: { heightCm: true }, orderBy: { createdAt: "desc" } });
  return last ? Number(last.heightCm.toString()) : null;
}
