import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import { answeredQuestions } from "./answered-questions";
import { patientVisibleRequests, summarySelect, toRequestSummary } from "./patient-request-records";
import type { PatientCaseView, SubmittedAnswersView } from "./types";
import { isUuid } from "@/lib/validation/uuid";

/** Where the owner downloads a photo sent with an answer. */
export function caseMessagePhotoUrl(requestId: string, messageId: string): string {
  return `/api/prescriptions/${requestId}/messages/${messageId}/photo`;
}

/** Where the owner sees a questionnaire photo (the questionnaire's own owner route). */
export function questionnairePhotoUrl(responseId: string, photoId: string): string {
  return `/api/questionnaires/${responseId}/photos/${photoId}`;
}

/**
 * One of the actor's paid requests as its owner sees it: timeline, the thread with the
 * prescriber, the decision, the issued prescription's reference, and the submitted answers
 * and photos. Someone else's request, an unpaid one and a missing one are all null (404).
 */
export async function getPrescriptionCase(actor: Actor | null, id: string): Promise<PatientCaseView | null> {
  if (!isUuid(id)) return null;
  const row = actor
    ? await db.prescriptionRequest.findFirst({
        where: { id, ...patientVisibleRequests(actor) },
        select: {
          ...summarySelect,
          declineReason: true,
          plan: { select: { name: true } },
          messages: { select: { id: true, author: true, body: true, createdAt: true, photoKey: true, photoName: true }, orderBy: { createdAt: "asc" } },
          prescription: { select: { reference: true, issuedAt: true } },
          response: { select: submittedAnswersSelect },
        },
      })
    : null;
  if (!row) return null;
  return {
    ...toRequestSummary(row),
    pricePence: row.pricePence,
    planName: row.plan?.name ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.status === "DECLINED" ? row.declineReason : null,
    canReply: row.status === "AWAITING_PATIENT",
    messages: row.messages.map((message) => ({
      id: message.id,
      author: message.author,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      photo: message.photoKey ? { name: message.photoName ?? "photo", url: caseMessagePhotoUrl(row.id, message.id) } : null,
    })),
    prescription: row.status === "ISSUED" && row.prescription ? { reference: row.prescription.reference, issuedAt: row.prescription.issuedAt.toISOString() } : null,
    questionnaire: toSubmittedAnswers(row.response),
  };
}

export const submittedAnswersSelect = {
  id: true,
  definition: true,
  answers: true,
  submittedAt: true,
  photos: { select: { id: true, displayName: true, createdAt: true }, orderBy: { createdAt: "asc" } },
} as const;

type AnswersRow = {
  id: string;
  definition: string;
  answers: unknown;
  submittedAt: Date | null;
  photos: { id: string; displayName: string; createdAt: Date }[];
};

/** A questionnaire response as readable questions and answers, with its photos' owner links. */
export function toSubmittedAnswers(row: AnswersRow): SubmittedAnswersView {
  const definition = getQuestionnaireDefinition(row.definition);
  return {
    id: row.id,
    title: definition?.title ?? "Questionnaire",
    submittedAt: row.submittedAt?.toISOString() ?? null,
    answers: definition ? answeredQuestions(definition, readAnswers(row.answers), row.photos.length) : [],
    photos: row.photos.map((photo) => ({
      id: photo.id,
      name: photo.displayName,
      url: questionnairePhotoUrl(row.id, photo.id),
      uploadedAt: photo.createdAt.toISOString(),
    })),
  };
}
