// The staff area's other clinical records: GP letters to post, side-effect reports, progress
// photos and accounts flagged as one person (app/api/staff/{gp-letters,side-effects,
// progress-photos,identity-duplicates}; lib/server/{gp,side-effects,progress-photos,identity}).
import { z } from "zod";
import type { markGpLetterPosted } from "@/lib/server/gp/mark-gp-letter-posted";
import type { triageSideEffect } from "@/lib/server/side-effects/staff-decisions";
import { gpLetterParamsSchema } from "@/lib/validation/gp";
import { decideIdentityDuplicateSchema } from "@/lib/validation/identity";
import { progressPhotoParamsSchema } from "@/lib/validation/progress-photos";
import { sideEffectMessageSchema, sideEffectParamsSchema, triageSideEffectSchema } from "@/lib/validation/side-effects";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { describing, staffMessageResponseSchema, staffPhotoResponse, staffReadErrors, staffWriteErrors } from "./staff-shared";

const postedLetterSchema = describing<Pick<Awaited<ReturnType<typeof markGpLetterPosted>>, "id" | "status">>()(z.strictObject({ id: z.uuid(), status: z.literal("POSTED") }));

/** Both side-effect actions answer `{ message, report }` (report repeats the message). */
const sideEffectReportSchema = describing<Awaited<ReturnType<typeof triageSideEffect>>>()(z.strictObject({ id: z.uuid(), reference: z.string(), message: z.string() }));
const sideEffectActionResponseSchema = z.strictObject({ message: z.string(), report: sideEffectReportSchema }).meta({ id: "StaffSideEffectActionResponse" });

const letterNotFound = errorResponse("No such letter (a malformed id reads the same).");
const reportNotFound = errorResponse("No such side-effect report (a malformed id reads the same).");

export const staffClinicalOperations = defineOperations([
  {
    method: "get",
    path: "/api/staff/gp-letters/{id}/pdf",
    summary: "A letter to the patient's GP, as a PDF to print and post (the view is audited).",
    tags: ["Staff GP letters"],
    access: "staff",
    request: { params: gpLetterParamsSchema },
    responses: {
      200: { description: "The letter, one A4 page, as an attachment `gp-letter-{reference}.pdf` (Cache-Control: no-store).", contentType: "application/pdf" },
      ...staffReadErrors(),
      404: letterNotFound,
    },
  },
  {
    method: "post",
    path: "/api/staff/gp-letters/{id}/posted",
    summary: "Mark a letter to a practice without email as posted (audited).",
    tags: ["Staff GP letters"],
    access: "staff",
    request: { params: gpLetterParamsSchema },
    responses: {
      200: { description: "Marked posted.", schema: z.strictObject({ message: z.string(), letter: postedLetterSchema }) },
      ...staffWriteErrors({ jsonBody: false }),
      404: letterNotFound,
      409: errorResponse("Already marked posted, or the letter is emailed to the practice, not posted."),
    },
  },
  {
    method: "post",
    path: "/api/staff/identity-duplicates",
    summary: "Decide whether two accounts the identity check flags are one person (a later decision replaces an earlier one; audited).",
    tags: ["Staff identity"],
    access: "staff",
    request: { body: decideIdentityDuplicateSchema },
    responses: {
      200: { description: "The decision is recorded.", schema: staffMessageResponseSchema },
      ...boundaryErrors({ staff: true, write: true, jsonBody: true }),
      404: errorResponse("These two accounts are not flagged as the same person."),
      422: errorResponse("Validation failed: the body, or the same account named twice."),
    },
  },
  {
    method: "get",
    path: "/api/staff/progress-photos/{photoId}",
    summary: "A patient's progress photo, for the clinician reviewing them (audited).",
    tags: ["Staff progress photos"],
    access: "staff",
    request: { params: progressPhotoParamsSchema },
    responses: {
      200: staffPhotoResponse("The progress photo"),
      ...staffReadErrors(),
      404: errorResponse("No such photo (a malformed id reads the same)."),
    },
  },
  {
    method: "post",
    path: "/api/staff/side-effects/{id}/messages",
    summary: "Write to the patient in a side-effect report's thread (they are emailed that there is a message).",
    tags: ["Staff side effects"],
    access: "staff",
    request: { params: sideEffectParamsSchema, body: sideEffectMessageSchema },
    responses: {
      200: { description: "Sent.", schema: sideEffectActionResponseSchema },
      ...staffWriteErrors({ jsonBody: true }),
      404: reportNotFound,
      409: errorResponse("The patient's account no longer exists: there is no one to write to."),
      413: errorResponse("The body is larger than 16 KB."),
    },
  },
  {
    method: "post",
    path: "/api/staff/side-effects/{id}/triage",
    summary: "Record a report's triage (outcome and note), which clears the flag on the patient's orders. Once only.",
    tags: ["Staff side effects"],
    access: "staff",
    request: { params: sideEffectParamsSchema, body: triageSideEffectSchema },
    responses: {
      200: { description: "Triaged.", schema: sideEffectActionResponseSchema },
      ...staffWriteErrors({ jsonBody: true }),
      404: reportNotFound,
      409: errorResponse("This report has already been triaged."),
      413: errorResponse("The body is larger than 16 KB."),
    },
  },
]);
