import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { QUESTIONNAIRE_NOT_FOUND } from "@/lib/server/questionnaire/response-records";
import { toSubmittedAnswers } from "./get-prescription-case";

/**
 * One of the actor's submitted questionnaires as a downloadable document: every question
 * on the path with its answer, and the photos' details (their bytes download separately).
 * 404 for a draft, a missing one and anyone else's.
 */
export async function exportQuestionnaire(actor: Actor | null, responseId: string) {
  const row = actor
    ? await db.questionnaireResponse.findFirst({
        where: { id: responseId, ...ownedBy(actor), submittedAt: { not: null } },
        select: {
          id: true,
          definition: true,
          definitionVersion: true,
          answers: true,
          submittedAt: true,
          photos: { select: { id: true, displayName: true, contentType: true, sizeBytes: true, width: true, height: true, createdAt: true }, orderBy: { createdAt: "asc" } },
          prescriptionRequests: { where: { status: { not: "PENDING_PAYMENT" } }, select: { reference: true, status: true } },
        },
      })
    : null;
  if (!row) throw new AppError("not_found", QUESTIONNAIRE_NOT_FOUND);
  const view = toSubmittedAnswers(row);
  return {
    exported_at: new Date().toISOString(),
    questionnaire: { id: row.id, title: view.title, definition: row.definition, version: row.definitionVersion, submitted_at: view.submittedAt },
    answers: view.answers.map((item) => ({ step: item.step, section: item.section, question: item.question, answer: item.answer })),
    photos: row.photos.map((photo) => ({
      name: photo.displayName,
      content_type: photo.contentType,
      size_bytes: photo.sizeBytes,
      width: photo.width,
      height: photo.height,
      uploaded_at: photo.createdAt.toISOString(),
      url: view.photos.find((item) => item.id === photo.id)?.url ?? null,
    })),
    prescription_requests: row.prescriptionRequests.map((request) => ({ reference: request.reference, status: request.status })),
  };
}
