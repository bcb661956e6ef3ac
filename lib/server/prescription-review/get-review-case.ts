import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { answeredQuestions } from "@/lib/server/prescriptions/answered-questions";
import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import { viewCase } from "@/lib/server/staff-review/view-case";
import { evaluateSupplyChecks } from "@/lib/server/supply-checks/evaluate";
import { prescriptionSupplySubject } from "@/lib/server/supply-checks/load-subject";
import { assertReviewer } from "./assert-reviewer";
import { caseMessagePhotoUrl, casePhotoUrl } from "./case-urls";
import { ownCaseNotice } from "@/lib/server/staff-review/claim-rules";
import { caseClaimView, claimSelect } from "./claim-view";
import { prescriptionClaimPolicy } from "./review-kind";
import { patientIdentity } from "@/lib/server/questionnaire/patient-identity";
import { prescriberDisplayName } from "./prescriber-display-name";
import { prescriptionReview } from "./review-kind";
import type { ReviewCase } from "./types";

const caseSelect = {
  id: true,
  reference: true,
  email: true,
  userId: true,
  submittedAt: true,
  dueAt: true,
  decidedAt: true,
  declineReason: true,
  decidedBy: { select: { name: true } },
  plan: { select: { name: true } },
  response: {
    select: { definition: true, answers: true, photos: { select: { id: true, displayName: true }, orderBy: { createdAt: "asc" } } },
  },
  messages: {
    orderBy: { createdAt: "asc" },
    select: { id: true, author: true, body: true, createdAt: true, photoKey: true, authorUser: { select: { name: true, staffProfile: { select: { registrationBody: true } } } } },
  },
  prescription: {
    select: { reference: true, medicine: true, dose: true, quantity: true, directions: true, prescriberName: true, prescriberRegistration: true, issuedAt: true, dispensedAt: true },
  },
  ...claimSelect,
} as const;

/**
 * One case as a prescriber reviews it: the patient, every answer on their path in question
 * order, photos, the message thread, the claim and any decision. The view is written to
 * the audit log in the same transaction, before anything is returned.
 */
export async function getReviewCase(actor: StaffActor, id: string, now: Date = new Date()): Promise<ReviewCase> {
  assertReviewer(actor);
  const row = await viewCase(actor, prescriptionReview, id, async (tx) => {
    const found = await tx.prescriptionRequest.findUnique({ where: { id }, select: caseSelect });
    if (!found || found.status === "PENDING_PAYMENT") return null;
    return { ...found, supplyChecks: await evaluateSupplyChecks(tx, await prescriptionSupplySubject(tx, id)) };
  });
  const definition = getQuestionnaireDefinition(row.response.definition);
  const answers = readAnswers(row.response.answers);
  const identity = definition ? patientIdentity(definition, answers) : { name: null, dateOfBirth: null, age: null };
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as PrescriptionStatus,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    patient: { name: identity.name ?? "(no name given)", email: row.email, dateOfBirth: identity.dateOfBirth, age: identity.age, hasAccount: row.userId !== null },
    planName: row.plan?.name ?? null,
    answers: definition ? answeredQuestions(definition, answers, row.response.photos.length) : [],
    photos: row.response.photos.map((photo) => ({ id: photo.id, name: photo.displayName, url: casePhotoUrl(row.id, photo.id) })),
    messages: row.messages.map((message) => ({
      id: message.id,
      author: message.author,
      authorName:
        message.author === "PATIENT"
          ? "Patient"
          : message.authorUser
            ? prescriberDisplayName(message.authorUser.name, message.authorUser.staffProfile?.registrationBody)
            : "A former member of staff",
      body: message.body,
      at: message.createdAt.toISOString(),
      photoUrl: message.photoKey ? caseMessagePhotoUrl(row.id, message.id) : null,
    })),
    claim: caseClaimView(row, actor.user.id, now),
    ownNotice: ownCaseNotice(prescriptionClaimPolicy, row, actor.user),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByName: row.decidedBy?.name ?? null,
    declineReason: row.declineReason,
    supplyChecks: row.supplyChecks,
    prescription: row.prescription
      ? { ...row.prescription, issuedAt: row.prescription.issuedAt.toISOString(), dispensedAt: row.prescription.dispensedAt?.toISOString() ?? null }
      : null,
  };
}
