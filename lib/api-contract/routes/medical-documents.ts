// /api/medical-documents/…: downloads from the patient's Medical documents page, owner only
// (someone else's document reads as missing).
import { z } from "zod";
import { boundaryErrors, defineOperations } from "../operation";
import { gpLetterParamsSchema } from "@/lib/validation/gp";
import { questionnaireParamsSchema } from "@/lib/validation/questionnaire";

/** exportQuestionnaire (lib/server/prescriptions/export-questionnaire.ts): the submitted answers as a document. */
const questionnaireExportSchema = z.strictObject({
  exported_at: z.string(),
  questionnaire: z.strictObject({
    id: z.string(),
    title: z.string(),
    /** The questionnaire definition's key and version the answers were given to. */
    definition: z.string(),
    version: z.number().int(),
    submitted_at: z.string().nullable(),
  }),
  answers: z.array(
    z.strictObject({
      step: z.number().int(),
      section: z.string().nullable(),
      question: z.string(),
      answer: z.array(z.string()),
    }),
  ),
  photos: z.array(
    z.strictObject({
      name: z.string(),
      content_type: z.string(),
      size_bytes: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
      uploaded_at: z.string(),
      /** Where the owner downloads the photo. */
      url: z.string().nullable(),
    }),
  ),
  prescription_requests: z.array(
    z.strictObject({
      reference: z.string(),
      status: z.enum(["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT", "ISSUED", "DECLINED", "CANCELLED"]),
    }),
  ),
});

export const medicalDocumentsOperations = defineOperations([
  {
    method: "get",
    path: "/api/medical-documents/gp-letters/{id}",
    summary: "Download the patient's own letter to their GP as a PDF",
    tags: ["Medical documents"],
    access: "patient",
    request: { params: gpLetterParamsSchema },
    responses: {
      200: { description: "The letter (Content-Disposition: attachment; never cached).", contentType: "application/pdf" },
      ...boundaryErrors({ params: true, signedIn: true }),
    },
  },
  {
    method: "get",
    path: "/api/medical-documents/questionnaires/{id}",
    summary: "Download one of the patient's own submitted questionnaires as a JSON document",
    tags: ["Medical documents"],
    access: "patient",
    request: { params: questionnaireParamsSchema },
    responses: {
      200: {
        description: "Every question on the patient's path with its answer, the photos' details, and the requests made from it (Content-Disposition: attachment). A draft reads as missing.",
        schema: questionnaireExportSchema,
      },
      ...boundaryErrors({ params: true, signedIn: true }),
    },
  },
]);
