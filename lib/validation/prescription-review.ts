import { z } from "zod";
import { declineReasonSchema, reviewParamsSchema } from "./staff-review";

// The prescriber's review (staff area), built on the shared review fields (./staff-review.ts):
// the same schemas check the staff forms in the browser and the requests on the server.

export const CASE_NOT_FOUND = "We could not find that prescription request.";

export const reviewCaseParamsSchema = reviewParamsSchema(CASE_NOT_FOUND);

export const reviewPhotoParamsSchema = reviewCaseParamsSchema.extend({
  photoId: z.uuid({ error: "We could not find that photo." }),
});

export const reviewMessagePhotoParamsSchema = reviewCaseParamsSchema.extend({
  messageId: z.uuid({ error: "We could not find that photo." }),
});

function requiredText(label: string, max: number) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} must be at most ${max} characters.`);
}

/** POST /api/staff/prescriptions/{id}/issue: what is printed on the prescription. */
export const issuePrescriptionSchema = z.object({
  medicine: requiredText("medicine", 200),
  dose: requiredText("dose", 200),
  quantity: requiredText("quantity", 100),
  directions: requiredText("directions", 1000),
});

/** POST /api/staff/prescriptions/{id}/decline: the reason the patient reads in their account (never emailed). */
export const PRESCRIPTION_DECLINE_REASON_MAX = 2000;
export const declinePrescriptionSchema = declineReasonSchema(PRESCRIPTION_DECLINE_REASON_MAX);

/** POST /api/staff/prescriptions/{id}/messages: a question for the patient. */
export const askPatientSchema = z.object({
  body: z
    .string({ error: "Write your question for the patient." })
    .trim()
    .min(1, "Write your question for the patient.")
    .max(4000, "The question must be at most 4000 characters."),
});

/** The staff audit log's query string: a page (1-based) and an optional subject id. */
export const auditLogQuerySchema = z.object({
  // The keyset cursor: the id the previous page ended at (an unusable one shows the newest page).
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .optional()
    .catch(undefined),
  subject: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
});

export type IssuePrescriptionInput = z.infer<typeof issuePrescriptionSchema>;
export type DeclinePrescriptionInput = z.infer<typeof declinePrescriptionSchema>;
export type AskPatientInput = z.infer<typeof askPatientSchema>;
