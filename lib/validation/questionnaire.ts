import { z } from "zod";
import { stepAnswerSchema } from "@/lib/questionnaire/answer-schema";

const NOT_FOUND = "We could not find that questionnaire.";

export const questionnaireParamsSchema = z.object({ id: z.uuid({ error: NOT_FOUND }) });

export const questionnaireStepParamsSchema = z.object({
  id: z.uuid({ error: NOT_FOUND }),
  step: z.coerce.number({ error: "This question does not exist." }).int("This question does not exist.").min(1, "This question does not exist.").max(99, "This question does not exist."),
});

export const questionnairePhotoParamsSchema = z.object({
  id: z.uuid({ error: NOT_FOUND }),
  photoId: z.uuid({ error: "We could not find that photo." }),
});

/** PUT /api/questionnaires/{id}/steps/{step}: one step's answer. */
export const saveQuestionnaireStepSchema = stepAnswerSchema.extend({
  definition: z.string({ error: "Say which questionnaire this answer belongs to." }).min(1).max(60),
});

export type SaveQuestionnaireStepInput = z.infer<typeof saveQuestionnaireStepSchema>;

export const ASSESSMENT_NOT_FOUND = "We could not find that assessment.";

/** GET /api/assessments/{treatmentType}: a slug; an unknown one is as missing as a malformed one. */
export const assessmentParamsSchema = z.object({ treatmentType: z.string().regex(/^[a-z0-9-]{1,60}$/, ASSESSMENT_NOT_FOUND) });
