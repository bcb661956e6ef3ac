// The prescriber's review of prescription requests (app/api/staff/prescriptions/**; lib/server/prescription-review).
import { z } from "zod";
import type { AskResult } from "@/lib/server/prescription-review/ask-patient-question";
import type { ClaimResult } from "@/lib/server/prescription-review/claim-review-case";
import type { DeclineResult } from "@/lib/server/prescription-review/decline-review-case";
import type { IssueResult } from "@/lib/server/prescription-review/issue-prescription";
import type { releaseReviewCase } from "@/lib/server/prescription-review/release-review-case";
import {
  askPatientSchema,
  declinePrescriptionSchema,
  issuePrescriptionSchema,
  reviewCaseParamsSchema,
  reviewMessagePhotoParamsSchema,
  reviewPhotoParamsSchema,
} from "@/lib/validation/prescription-review";
import { defineOperations, errorResponse } from "../operation";
import { describing, ownCaseForbidden, staffPhotoResponse, staffReadErrors, staffWriteErrors } from "./staff-shared";

const TAGS = ["Staff prescriptions"];
const OWN_REQUEST = "the caller's own prescription request";

/** `{ message, case }`, the case as the action's service returns it. */
function caseResponse(caseSchema: z.ZodType) {
  return z.strictObject({ message: z.string(), case: caseSchema });
}

const claimedCaseSchema = describing<ClaimResult>()(z.strictObject({ id: z.uuid(), reference: z.string(), status: z.literal("IN_REVIEW"), claimedAt: z.string() }));
const declinedCaseSchema = describing<DeclineResult>()(z.strictObject({ id: z.uuid(), reference: z.string(), status: z.literal("DECLINED") }));
const issuedCaseSchema = describing<IssueResult>()(
  z.strictObject({ id: z.uuid(), reference: z.string(), status: z.literal("ISSUED"), prescription: z.strictObject({ reference: z.string(), issuedAt: z.string() }) }),
);
const askedCaseSchema = describing<AskResult>()(z.strictObject({ id: z.uuid(), reference: z.string(), status: z.literal("AWAITING_PATIENT"), messageId: z.uuid() }));
const releasedCaseSchema = describing<Awaited<ReturnType<typeof releaseReviewCase>>>()(z.strictObject({ id: z.uuid(), reference: z.string(), status: z.literal("SUBMITTED") }));

const notFound = errorResponse("No such paid prescription request (a malformed id reads the same).");
const NOT_HELD = "Not claimed by the caller (or another prescriber holds it), or already decided or waiting for the patient.";

export const staffPrescriptionsOperations = defineOperations([
  {
    method: "post",
    path: "/api/staff/prescriptions/{id}/claim",
    summary: "Take a request for review (one prescriber at a time; a claim lapses after 30 minutes). The patient hears it is in review.",
    tags: TAGS,
    access: "staff",
    request: { params: reviewCaseParamsSchema },
    responses: {
      200: { description: "Claimed (or the caller's claim refreshed); the case is IN_REVIEW.", schema: caseResponse(claimedCaseSchema) },
      ...staffWriteErrors({ jsonBody: false }),
      403: ownCaseForbidden(OWN_REQUEST),
      404: notFound,
      409: errorResponse("Another prescriber holds it, or it is decided, cancelled or waiting for the patient."),
    },
  },
  {
    method: "post",
    path: "/api/staff/prescriptions/{id}/decline",
    summary: "Decline with a reason (shown in the patient's account, never emailed) and refund the fee in full. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: reviewCaseParamsSchema, body: declinePrescriptionSchema },
    responses: {
      200: { description: "Declined and refunded; the patient is emailed.", schema: caseResponse(declinedCaseSchema) },
      ...staffWriteErrors({ jsonBody: true }),
      403: ownCaseForbidden(OWN_REQUEST),
      404: notFound,
      409: errorResponse(`${NOT_HELD} Or its payment is not settled yet.`),
      502: errorResponse("The payment provider did not make the refund; the request is not declined. Try again."),
    },
  },
  {
    method: "post",
    path: "/api/staff/prescriptions/{id}/issue",
    summary: "Issue the prescription (what is printed on it), once every supply check is met. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: reviewCaseParamsSchema, body: issuePrescriptionSchema },
    responses: {
      201: { description: "Issued; the patient is emailed (and their GP written to, with consent).", schema: caseResponse(issuedCaseSchema) },
      ...staffWriteErrors({ jsonBody: true }),
      403: ownCaseForbidden(OWN_REQUEST),
      404: notFound,
      409: errorResponse(`${NOT_HELD} Or the answers lack the patient's name or date of birth, or a supply check (identity, weight, GP consent) is unmet.`),
      422: errorResponse("Validation failed: the body, or the prescriber has no registration number on their profile."),
    },
  },
  {
    method: "post",
    path: "/api/staff/prescriptions/{id}/messages",
    summary: "Ask the patient a question: the case waits for their reply and the claim is released. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: reviewCaseParamsSchema, body: askPatientSchema },
    responses: {
      201: { description: "Sent; the patient is emailed that there is a message.", schema: caseResponse(askedCaseSchema) },
      ...staffWriteErrors({ jsonBody: true }),
      403: ownCaseForbidden(OWN_REQUEST),
      404: notFound,
      409: errorResponse(NOT_HELD),
    },
  },
  {
    method: "post",
    path: "/api/staff/prescriptions/{id}/release",
    summary: "Give a claimed request back to the queue. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: reviewCaseParamsSchema },
    responses: {
      200: { description: "Back in the queue (SUBMITTED).", schema: caseResponse(releasedCaseSchema) },
      ...staffWriteErrors({ jsonBody: false }),
      404: notFound,
      409: errorResponse(NOT_HELD),
    },
  },
  {
    method: "get",
    path: "/api/staff/prescriptions/{id}/photos/{photoId}",
    summary: "A questionnaire photo of a paid request (audited).",
    tags: TAGS,
    access: "staff",
    request: { params: reviewPhotoParamsSchema },
    responses: {
      200: staffPhotoResponse("The questionnaire photo"),
      ...staffReadErrors(),
      404: errorResponse("No such photo on this paid request (a malformed id reads the same)."),
    },
  },
  {
    method: "get",
    path: "/api/staff/prescriptions/{id}/messages/{messageId}/photo",
    summary: "The photo a patient sent with a reply in the case's thread (audited).",
    tags: TAGS,
    access: "staff",
    request: { params: reviewMessagePhotoParamsSchema },
    responses: {
      200: staffPhotoResponse("The reply's photo"),
      ...staffReadErrors(),
      404: errorResponse("No such message with a photo on this request (a malformed id reads the same)."),
    },
  },
]);
