// A questionnaire response kept on the server under the uuid the browser holds
// (app/api/questionnaires/**): answers step by step, photos, the GP step, submission. The
// owner is the signed-in account or the guest of the guest cookie; anyone else's reads 404.
import { z } from "zod";
import { saveGpDetailsSchema } from "@/lib/validation/gp";
import { questionnaireParamsSchema, questionnairePhotoParamsSchema, questionnaireStepParamsSchema, saveQuestionnaireStepSchema } from "@/lib/validation/questionnaire";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { gpDetailsSchema } from "./gp";
import { photoPart } from "../photo-upload";

const tags = ["Questionnaires"];
const iso = z.string().describe("An ISO 8601 date-time.");

const unauthorized = errorResponse("An invalid or expired bearer token, or a session cookie whose session has ended (sign in again; the answer is not lost).");
const badBearer = errorResponse("An invalid or expired bearer token.");
const notFound = errorResponse("No such questionnaire (or photo) for this caller: someone else's, a malformed id and a missing one read the same.");
const locked = errorResponse("The answers were submitted (or the assessment ended) and can no longer be changed.");

/** One step's answer as stored and returned (lib/questionnaire/answer-schema.ts). */
const stepAnswer = z.strictObject({ choice: z.union([z.string(), z.array(z.string()), z.null()]), text: z.string() });

/** Step number → answer; also the answers of GET /api/assessments/{treatmentType}'s open attempt. */
export const questionnaireAnswersSchema = z.record(z.string(), stepAnswer).describe("Step number → answer.");

/** QuestionnaireResponseView (lib/server/questionnaire/types.ts). */
const questionnaireResponseSchema = z
  .strictObject({
    id: z.string(),
    definition: z.string(),
    answers: questionnaireAnswersSchema,
    photos: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    submitted: z.boolean(),
    submittedAt: iso.nullable(),
  })
  .meta({ id: "QuestionnaireResponse" });

const stepOutcome = z.strictObject({
  outcome: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("next"), step: z.number().int() }),
    z.strictObject({ kind: z.literal("end"), message: z.string() }),
    z.strictObject({ kind: z.literal("submit") }),
  ]),
});

const photo = z.strictObject({ id: z.string(), name: z.string() });

export const questionnairesOperations = defineOperations([
  {
    method: "get",
    path: "/api/questionnaires/{id}",
    summary: "The caller's questionnaire response: answers, photos, whether it is submitted",
    tags,
    access: "guest",
    request: { params: questionnaireParamsSchema },
    responses: {
      200: { description: "The response (Cache-Control: private, no-store).", schema: questionnaireResponseSchema },
      ...boundaryErrors({ params: true }),
      401: badBearer,
    },
  },
  {
    method: "put",
    path: "/api/questionnaires/{id}/steps/{step}",
    summary: "Save one step's answer (the first creates the response); answers where it leads: the next step, an end, or submit",
    tags,
    access: "guest",
    request: { params: questionnaireStepParamsSchema, body: saveQuestionnaireStepSchema },
    responses: {
      200: { description: "Saved; where the answer leads.", schema: stepOutcome },
      ...boundaryErrors({ write: true, jsonBody: true, params: true }),
      401: unauthorized,
      404: errorResponse("No such questionnaire for this caller, or no such question in it."),
      409: locked,
      422: errorResponse("Validation failed: the answer does not fit the question (`errors.answer`), or an unknown or different questionnaire (`errors.definition`)."),
      429: errorResponse("Too many answers from this client address; Retry-After says when to try again."),
    },
  },
  {
    method: "post",
    path: "/api/questionnaires/{id}/submit",
    summary: "Check the whole path through the branching and lock the answers (submitting again changes nothing)",
    tags,
    access: "guest",
    request: { params: questionnaireParamsSchema },
    responses: {
      200: { description: "Submitted: the locked response.", schema: questionnaireResponseSchema },
      ...boundaryErrors({ write: true, params: true }),
      401: unauthorized,
      404: notFound,
      422: errorResponse("A step on the path is unanswered or invalid (`errors.step`, `errors.answer`), or the questionnaire is no longer offered."),
    },
  },
  {
    method: "put",
    path: "/api/questionnaires/{id}/gp",
    summary: "The GP step beside an assessment: the practice and consent to tell it (account: its GP row; guest: kept with the questionnaire)",
    tags,
    access: "guest",
    request: { params: questionnaireParamsSchema, body: saveGpDetailsSchema },
    responses: {
      200: { description: "Saved.", schema: z.strictObject({ message: z.string(), gp: gpDetailsSchema }) },
      ...boundaryErrors({ write: true, jsonBody: true, params: true }),
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: "post",
    path: "/api/questionnaires/{id}/photos",
    summary: "Add a scalp photo to an unsubmitted response (multipart field \"photo\"; JPEG or PNG, 10 MB)",
    tags,
    access: "guest",
    // The multipart form is read by the handler (readUploadedFile), not by apiRoute: documented on its own.
    request: { params: questionnaireParamsSchema, body: z.strictObject({ photo: photoPart("The scalp photo (JPEG or PNG, at most 10 MB).") }), bodyContentType: "multipart/form-data" },
    responses: {
      201: { description: "Stored (re-encoded without metadata).", schema: z.strictObject({ photo }) },
      ...boundaryErrors({ write: true, params: true }),
      400: errorResponse("The multipart body could not be read."),
      401: unauthorized,
      404: notFound,
      409: locked,
      413: errorResponse("The photo is larger than 10 MB."),
      415: errorResponse("Not sent as multipart/form-data, or the file is not a JPEG or PNG image."),
      422: errorResponse("No photo in the form, an unreadable image, the questionnaire takes no photos, or its limit of photos is reached."),
      429: errorResponse("Too many uploads from this client address; Retry-After says when to try again."),
    },
  },
  {
    method: "get",
    path: "/api/questionnaires/{id}/photos/{photoId}",
    summary: "The owner's photo, inline",
    tags,
    access: "guest",
    request: { params: questionnairePhotoParamsSchema },
    responses: {
      200: { description: "The image (image/jpeg or image/png; private-file headers: nosniff, no-store, a sandboxing CSP).", contentType: "image/*" },
      ...boundaryErrors({ params: true }),
      401: badBearer,
    },
  },
  {
    method: "delete",
    path: "/api/questionnaires/{id}/photos/{photoId}",
    summary: "Remove a photo before submitting",
    tags,
    access: "guest",
    request: { params: questionnairePhotoParamsSchema },
    responses: {
      200: { description: "Removed.", schema: z.strictObject({ message: z.string() }) },
      ...boundaryErrors({ write: true, params: true }),
      401: unauthorized,
      404: notFound,
      409: locked,
    },
  },
]);
