import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { caseMessagePhotoUrl, questionnairePhotoUrl } from "./get-prescription-case";
import { patientVisibleRequests } from "./patient-request-records";
import type { MedicalDocumentsView } from "./types";

/**
 * Account Settings → Medical documents: the actor's issued prescriptions, submitted
 * questionnaires and the photos they sent (with the questionnaires and with answers to a
 * prescriber), newest first. Drafts are not documents yet (they are in the data export).
 */
export async function listMedicalDocuments(actor: Actor): Promise<MedicalDocumentsView> {
  const owner = ownedBy(actor);
  const [prescriptions, responses, replyPhotos] = await Promise.all([
    db.prescription.findMany({
      where: { request: { ...owner, status: "ISSUED" } },
      select: { reference: true, medicine: true, issuedAt: true, request: { select: { reference: true } } },
      orderBy: { issuedAt: "desc" },
    }),
    db.questionnaireResponse.findMany({
      where: { ...owner, submittedAt: { not: null } },
      select: {
        id: true,
        definition: true,
        submittedAt: true,
        photos: { select: { id: true, displayName: true, createdAt: true }, orderBy: { createdAt: "asc" } },
        prescriptionRequests: { where: patientVisibleRequests(actor), select: { reference: true }, orderBy: { createdAt: "asc" } },
      },
      orderBy: { submittedAt: "desc" },
    }),
    db.caseMessage.findMany({
      where: { author: "PATIENT", photoKey: { not: null }, request: patientVisibleRequests(actor) },
      select: { id: true, requestId: true, photoName: true, createdAt: true, request: { select: { reference: true } } },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  const questionnaires = responses.map((response) => ({
    id: response.id,
    title: getQuestionnaireDefinition(response.definition)?.title ?? "Questionnaire",
    submittedAt: response.submittedAt!.toISOString(),
    requestReferences: response.prescriptionRequests.map((request) => request.reference),
    photoCount: response.photos.length,
  }));
  const photos = [
    ...responses.flatMap((response, index) =>
      response.photos.map((photo) => ({
        id: photo.id,
        name: photo.displayName,
        url: questionnairePhotoUrl(response.id, photo.id),
        uploadedAt: photo.createdAt.toISOString(),
        source: questionnaires[index]!.title,
      })),
    ),
    ...replyPhotos.map((message) => ({
      id: message.id,
      name: message.photoName ?? "photo",
      url: caseMessagePhotoUrl(message.requestId, message.id),
      uploadedAt: message.createdAt.toISOString(),
      source: `Answer to the prescriber, ${message.request.reference}`,
    })),
  ].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  return {
    prescriptions: prescriptions.map((rx) => ({ reference: rx.reference, medicine: rx.medicine, issuedAt: rx.issuedAt.toISOString(), requestReference: rx.request.reference })),
    questionnaires,
    photos,
  };
}
