// The prescriber's review of renewal check-ins (app/api/staff/check-ins/**; lib/server/check-ins).
import { z } from "zod";
import type { CheckInActionResult } from "@/lib/server/check-ins/types";
import { approveCheckInSchema, checkInParamsSchema, checkInWeightPhotoParamsSchema, referCheckInSchema } from "@/lib/validation/check-ins";
import { defineOperations, errorResponse } from "../operation";
import { describing, ownCaseForbidden, staffPhotoResponse, staffReadErrors, staffWriteErrors } from "./staff-shared";

const TAGS = ["Staff check-ins"];
const OWN_CHECK_IN = "the caller's own check-in";

const checkInActionSchema = describing<CheckInActionResult>()(
  z.strictObject({
    id: z.uuid(),
    reference: z.string(),
    status: z.enum(["DUE", "SUBMITTED", "APPROVED", "REFERRED", "STOPPED", "MISSED"]),
    message: z.string(),
  }),
);

/** Every check-in action answers `{ message, check_in }` (check_in repeats the message). */
const checkInActionResponseSchema = z.strictObject({ message: z.string(), check_in: checkInActionSchema }).meta({ id: "StaffCheckInActionResponse" });

const notFound = errorResponse("No such check-in (a malformed id reads the same).");

export const staffCheckInsOperations = defineOperations([
  {
    method: "post",
    path: "/api/staff/check-ins/{id}/approve",
    summary: "Approve a submitted check-in: the repeat supply goes ahead and the renewal is charged (now, if it was missed). Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: checkInParamsSchema, body: approveCheckInSchema },
    responses: {
      200: { description: "Approved; the message says whether the renewal is charged on its date or now.", schema: checkInActionResponseSchema },
      ...staffWriteErrors({ jsonBody: true }),
      403: ownCaseForbidden(OWN_CHECK_IN),
      404: notFound,
      409: errorResponse("Not claimed by the caller, already decided, or (a weight-loss medicine) no scales photo or no height on record."),
      422: errorResponse("Validation failed: the body, a dose not offered (`dose`), or a weight-loss medicine's verified weight missing (`weight_kg`)."),
    },
  },
  {
    method: "post",
    path: "/api/staff/check-ins/{id}/claim",
    summary: "Take a submitted check-in for review (one prescriber at a time; a claim lapses after 30 minutes).",
    tags: TAGS,
    access: "staff",
    request: { params: checkInParamsSchema },
    responses: {
      200: { description: "Claimed (or the caller's claim refreshed).", schema: checkInActionResponseSchema },
      ...staffWriteErrors({ jsonBody: false }),
      403: ownCaseForbidden(OWN_CHECK_IN),
      404: notFound,
      409: errorResponse("Another prescriber holds it, or it is not waiting for review (not sent yet, or already decided)."),
    },
  },
  {
    method: "post",
    path: "/api/staff/check-ins/{id}/refer",
    summary: "Refer the patient to a fee-waived consultation first; the renewal stays unpaid. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: checkInParamsSchema, body: referCheckInSchema },
    responses: {
      200: { description: "Referred; the patient is emailed an invitation.", schema: checkInActionResponseSchema },
      ...staffWriteErrors({ jsonBody: true }),
      403: ownCaseForbidden(OWN_CHECK_IN),
      404: notFound,
      409: errorResponse("Not claimed by the caller, already decided, or the doctor consultation is missing from the catalogue."),
    },
  },
  {
    method: "post",
    path: "/api/staff/check-ins/{id}/release",
    summary: "Give a claimed check-in back to the queue. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: checkInParamsSchema },
    responses: {
      200: { description: "Back in the queue.", schema: checkInActionResponseSchema },
      ...staffWriteErrors({ jsonBody: false }),
      404: notFound,
      409: errorResponse("Not claimed by the caller, or already decided."),
    },
  },
  {
    method: "get",
    path: "/api/staff/check-ins/{id}/weight-photos/{photoId}",
    summary: "A check-in's scales photo, for the prescriber reviewing it (audited).",
    tags: TAGS,
    access: "staff",
    request: { params: checkInWeightPhotoParamsSchema },
    responses: {
      200: staffPhotoResponse("The scales photo"),
      ...staffReadErrors(),
      404: errorResponse("No such photo on this check-in (a malformed id reads the same)."),
    },
  },
]);
