import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readAnswers } from "@/lib/server/questionnaire/response-records";

/**
 * The user's clinical records for the data export (UK GDPR, right of access): questionnaire
 * responses with their answers (drafts too) and photo details (not the images), prescription
 * requests with their thread, and issued prescriptions. The one-time dispensing code is left
 * out: it is a credential that stays on the printed prescription.
 */
export async function exportMedicalRecords(actor: AccountActor) {
  const owner = ownedBy(actor);
  const [responses, requests, progressSets] = await Promise.all([
    db.questionnaireResponse.findMany({
      where: owner,
      select: {
        id: true,
        definition: true,
        definitionVersion: true,
        answers: true,
        submittedAt: true,
        createdAt: true,
        updatedAt: true,
        photos: { select: { displayName: true, contentType: true, sizeBytes: true, width: true, height: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      },
      orderBy: { createdAt: "asc" },
    }),
    db.prescriptionRequest.findMany({
      where: owner,
      select: {
        reference: true,
        responseId: true,
        email: true,
        status: true,
        pricePence: true,
        plan: { select: { name: true } },
        createdAt: true,
        submittedAt: true,
        dueAt: true,
        decidedAt: true,
        declineReason: true,
        payment: { select: { amountPence: true, currency: true, status: true, paidAt: true, refundedAt: true } },
        messages: { select: { author: true, body: true, photoName: true, photoType: true, createdAt: true }, orderBy: { createdAt: "asc" } },
        prescription: {
          select: {
            reference: true,
            prescriberName: true,
            prescriberRegistration: true,
            patientName: true,
            patientDateOfBirth: true,
            medicine: true,
            dose: true,
            quantity: true,
            directions: true,
            issuedAt: true,
            dispensedAt: true,
            dispensedBy: true,
          },
        },
      },
      orderBy: { createdAt: "asc" },
    }),
    db.progressPhotoSet.findMany({
      where: { userId: actor.user.id },
      select: { takenAt: true, photos: { select: { view: true, contentType: true, sizeBytes: true, width: true, height: true } } },
      orderBy: { takenAt: "asc" },
    }),
  ]);
  return {
    questionnaire_responses: responses.map((response) => ({
      id: response.id,
      definition: response.definition,
      definition_version: response.definitionVersion,
      answers: readAnswers(response.answers),
      submitted_at: response.submittedAt,
      created_at: response.createdAt,
      updated_at: response.updatedAt,
      photos: response.photos.map((photo) => ({
        name: photo.displayName,
        content_type: photo.contentType,
        size_bytes: photo.sizeBytes,
        width: photo.width,
        height: photo.height,
        uploaded_at: photo.createdAt,
      })),
    })),
    prescription_requests: requests.map((request) => ({
      reference: request.reference,
      questionnaire_id: request.responseId,
      email: request.email,
      status: request.status,
      price_pence: request.pricePence,
      plan: request.plan?.name ?? null,
      created_at: request.createdAt,
      submitted_at: request.submittedAt,
      due_at: request.dueAt,
      decided_at: request.decidedAt,
      decline_reason: request.declineReason,
      payment: request.payment,
      messages: request.messages.map((message) => ({
        from: message.author === "STAFF" ? "prescriber" : "you",
        body: message.body,
        photo: message.photoName ? { name: message.photoName, content_type: message.photoType } : null,
        sent_at: message.createdAt,
      })),
    })),
    // Hair progress photo details (the images are at /dashboard/progress).
    progress_photos: progressSets.map((set) => ({
      taken_at: set.takenAt,
      photos: set.photos.map((photo) => ({ view: photo.view.toLowerCase(), content_type: photo.contentType, size_bytes: photo.sizeBytes, width: photo.width, height: photo.height })),
    })),
    prescriptions: requests.flatMap((request) => (request.prescription ? [{ request_reference: request.reference, ...request.prescription }] : [])),
  };
}
