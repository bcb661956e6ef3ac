import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { createGpLetterOnIssue } from "@/lib/server/gp/create-gp-letter-on-issue";
import { prescriptionIssuedMail } from "@/lib/server/prescriptions/prescription-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { supplyChecksAuditDetail } from "@/lib/server/supply-checks/audit-detail";
import { assertSupplyAllowed } from "@/lib/server/supply-checks/evaluate";
import { prescriptionSupplySubject } from "@/lib/server/supply-checks/load-subject";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import type { IssuePrescriptionInput } from "@/lib/validation/prescription-review";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionReview } from "./review-kind";
import { patientIdentity } from "@/lib/server/questionnaire/patient-identity";
import { newDispenseCode, newRxReference } from "./rx-reference";

const NO_REGISTRATION = "Add your registration number before issuing prescriptions.";

export type IssueResult = { id: string; reference: string; status: "ISSUED"; prescription: { reference: string; issuedAt: string } };

/**
 * Issues the prescription for a case the caller holds: the Prescription row with what is
 * printed on it (the prescriber's name and registration from their staff profile, the
 * patient's name and date of birth as answered), once every supply check is met, the case ISSUED, the patient emailed, the
 * GP letter written (with consent) and the decision audited, in one transaction under the case's lock.
 */
export async function issuePrescription(actor: StaffActor, id: string, input: IssuePrescriptionInput): Promise<IssueResult> {
  assertReviewer(actor);
  return decideCase(actor, prescriptionReview, id, async (tx, found) => {
    const prescriber = await tx.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { name: true, staffProfile: { select: { registrationBody: true, registrationNumber: true } } } });
    const profile = prescriber.staffProfile;
    if (!profile?.registrationBody.trim() || !profile.registrationNumber.trim()) throw new AppError("validation_failed", NO_REGISTRATION);

    const response = await tx.questionnaireResponse.findUniqueOrThrow({ where: { id: found.responseId }, select: { definition: true, answers: true } });
    const definition = getQuestionnaireDefinition(response.definition);
    const patient = definition ? patientIdentity(definition, readAnswers(response.answers)) : null;
    if (!patient?.name || !patient.dateOfBirth) throw new AppError("conflict", "This request's answers lack the patient's name or date of birth, so no prescription can be issued. Decline it instead.");
    // Identity and the other supply rules (lib/server/supply-checks), checked under the lock.
    const checks = await assertSupplyAllowed(tx, await prescriptionSupplySubject(tx, id));

    const now = new Date();
    const prescription = await tx.prescription.create({
      data: {
        reference: newRxReference(),
        requestId: id,
        prescriberId: actor.user.id,
        prescriberName: prescriber.name,
        prescriberRegistration: `${profile.registrationBody.trim()} ${profile.registrationNumber.trim()}`,
        patientName: patient.name,
        patientDateOfBirth: patient.dateOfBirth,
        medicine: input.medicine,
        dose: input.dose,
        quantity: input.quantity,
        directions: input.directions,
        issuedAt: now,
        dispenseCode: newDispenseCode(),
      },
      select: { reference: true, issuedAt: true },
    });
    await tx.prescriptionRequest.update({ where: { id }, data: { status: "ISSUED", decidedAt: now, decidedById: actor.user.id } });
    const chosen = await tx.prescriptionRequest.findUniqueOrThrow({ where: { id }, select: { plan: { select: { name: true } } } });
    await sendMail(prescriptionIssuedMail({ ...found, planName: chosen.plan?.name ?? null }), tx);
    // With the patient's consent, their GP is told what was prescribed (lib/server/gp).
    await createGpLetterOnIssue(tx, actor, id);
    await recordAuditEvent(
      { actor, action: "prescription.issued", subjectType: "prescription_request", subjectId: id, detail: { reference: found.reference, prescription: prescription.reference, ...supplyChecksAuditDetail(checks) } },
      tx,
    );
    return { id, reference: found.reference, status: "ISSUED" as const, prescription: { reference: prescription.reference, issuedAt: prescription.issuedAt.toISOString() } };
  });
}
