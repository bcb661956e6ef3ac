// GET /api/assessments/{treatmentType}: the caller's open attempt at a treatment assessment
// (minoxidil, mounjaro, viagra, cialis …), so a reload or another device resumes it.
import { z } from "zod";
import { assessmentParamsSchema } from "@/lib/validation/questionnaire";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { questionnaireAnswersSchema } from "./questionnaires";

export const assessmentsOperations = defineOperations([
  {
    method: "get",
    path: "/api/assessments/{treatmentType}",
    summary: "The caller's most recent unfinished attempt at this assessment, or null",
    tags: ["Questionnaires"],
    access: "guest",
    request: { params: assessmentParamsSchema },
    responses: {
      200: {
        description: "The open attempt, or null when there is none or no caller (Cache-Control: private, no-store).",
        schema: z.strictObject({ attempt: z.strictObject({ id: z.string(), answers: questionnaireAnswersSchema }).nullable() }),
      },
      ...boundaryErrors({ params: true }),
      401: errorResponse("An invalid or expired bearer token."),
      404: errorResponse("We could not find that assessment (an unknown or malformed slug)."),
    },
  },
]);
