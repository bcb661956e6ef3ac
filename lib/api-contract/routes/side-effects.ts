// /api/side-effects: a patient reports a side effect of a treatment they received, then writes
// to the clinical team in the report's thread (lib/server/side-effects).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { reportSideEffectSchema, sideEffectMessageSchema, sideEffectParamsSchema } from "@/lib/validation/side-effects";

const reportedSchema = z.strictObject({
  message: z.string(),
  report: z.strictObject({ id: z.string(), reference: z.string(), serious: z.boolean() }),
});

const messageSentSchema = z.strictObject({
  message: z.string(),
  sent: z.strictObject({
    id: z.string(),
    author: z.literal("PATIENT"),
    authorName: z.null(),
    body: z.string(),
    createdAt: z.string(),
  }),
});

export const sideEffectsOperations = defineOperations([
  {
    method: "post",
    path: "/api/side-effects",
    summary: "Report a side effect of a treatment the patient received (serious answers alert the clinical team)",
    tags: ["Side effects"],
    access: "patient",
    request: { body: reportSideEffectSchema },
    responses: {
      201: { description: "The report is filed; `serious` (a red flag or severe) means the patient is told to call 999 or 111.", schema: reportedSchema },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      403: errorResponse("Not a patient's account (staff do not report), a cross-site write, or a cookie write without a valid X-XSRF-TOKEN."),
      422: errorResponse("Validation failed, or `treatment` is not one the patient received: `errors` names each field."),
    },
  },
  {
    method: "post",
    path: "/api/side-effects/{id}/messages",
    summary: "Write to the clinical team in the thread of one of the patient's own reports",
    tags: ["Side effects"],
    access: "patient",
    request: { params: sideEffectParamsSchema, body: sideEffectMessageSchema },
    responses: {
      201: { description: "The message as it appears in the thread.", schema: messageSentSchema },
      ...boundaryErrors({ write: true, jsonBody: true, params: true, signedIn: true }),
    },
  },
]);
