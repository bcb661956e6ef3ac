// The patient's side of their prescription request (app/api/prescriptions/{id}/**): answering
// the prescriber's question, the photo sent with an answer, and confirming the plan chosen at
// checkout once the prescription is issued. Owner only: anyone else's request reads 404.
import { z } from "zod";
import { caseMessagePhotoParamsSchema, prescriptionRequestParamsSchema, replyToPrescriberSchema } from "@/lib/validation/prescription-reply";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { photoPart } from "../photo-upload";

const tags = ["Prescriptions"];
const notFound = errorResponse("We could not find that prescription request (someone else's, a malformed id and a missing one read the same).");

/** CaseMessageView (lib/server/prescriptions/types.ts). */
const caseMessage = z.strictObject({
  id: z.string(),
  author: z.enum(["PATIENT", "STAFF"]),
  body: z.string(),
  createdAt: z.string().describe("An ISO 8601 date-time."),
  photo: z.strictObject({ name: z.string(), url: z.string() }).nullable(),
});

export const prescriptionsOperations = defineOperations([
  {
    method: "post",
    path: "/api/prescriptions/{id}/messages",
    summary: "The patient answers the prescriber's question: multipart/form-data with body (1–2000 characters) and an optional photo (JPEG or PNG, 10 MB), or JSON {body}",
    tags,
    access: "patient",
    // The handler reads the body itself (readReplyBody: multipart or JSON, checked with replyToPrescriberSchema), not apiRoute:
    // both forms are documented on their own (the coverage test compares only what apiRoute validates).
    request: {
      params: prescriptionRequestParamsSchema,
      body: z.strictObject({
        body: replyToPrescriberSchema.shape.body,
        photo: photoPart("A photo for the prescriber (JPEG or PNG, at most 10 MB).").optional(),
      }),
      bodyContentType: "multipart/form-data",
      alternativeBody: { contentType: "application/json", schema: replyToPrescriberSchema },
    },
    responses: {
      201: {
        description: "Sent: the request is back in the prescribers' queue.",
        schema: z.strictObject({ message: z.string(), status: z.literal("SUBMITTED"), case_message: caseMessage }),
      },
      ...boundaryErrors({ write: true, params: true, signedIn: true }),
      400: errorResponse("The body is not valid JSON, or the multipart form could not be read."),
      404: notFound,
      409: errorResponse("The request is not waiting for an answer from the patient."),
      413: errorResponse("The body (with its photo) is larger than the limit."),
      415: errorResponse("Neither JSON nor multipart/form-data, or the photo is not a JPEG or PNG image."),
      422: errorResponse("No answer, an answer over 2000 characters (`errors.body`), or an unreadable image."),
      429: errorResponse("Too many photo uploads from this client address; Retry-After says when to try again."),
    },
  },
  {
    method: "get",
    path: "/api/prescriptions/{id}/messages/{messageId}/photo",
    summary: "The photo sent with the owner's answer (inline; ?download=1 for an attachment)",
    tags,
    access: "patient",
    request: { params: caseMessagePhotoParamsSchema },
    responses: {
      200: { description: "The image (image/jpeg or image/png; private-file headers: nosniff, no-store, a sandboxing CSP).", contentType: "image/*" },
      ...boundaryErrors({ params: true, signedIn: true }),
    },
  },
  {
    method: "post",
    path: "/api/prescriptions/{id}/plan",
    summary: "Confirm the plan chosen at the prescription checkout, once the prescription is issued: Stripe Checkout in subscription mode",
    tags,
    access: "patient",
    request: { params: prescriptionRequestParamsSchema },
    responses: {
      200: { description: "The checkout page to send the browser to, and its session id.", schema: z.strictObject({ url: z.string(), sessionId: z.string() }) },
      ...boundaryErrors({ write: true, params: true, signedIn: true }),
      404: notFound,
      409: errorResponse("No plan was chosen, the prescription is not issued yet, the plan has started, it is withdrawn, or the prescription was dispensed elsewhere."),
      429: errorResponse("Too many checkouts from this client address; Retry-After says when to try again."),
      502: errorResponse("The payment provider refused or did not answer."),
    },
  },
]);
