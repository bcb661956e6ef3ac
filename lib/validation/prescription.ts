import { z } from "zod";

export const NO_QUESTIONNAIRE = "No questionnaire data available. Please complete the questionnaire first.";
export const EMAIL_REQUIRED = "Please provide an email to proceed with the prescription.";

const answerValue = z.union([z.string().max(2000), z.array(z.string().max(200)).max(50), z.null()]);

/** The spec's stored questionnaire (what its client keeps in the browser), sent as a JSON string. */
export const storedQuestionnaireSchema = z.object({
  answers: z.array(answerValue.optional()).max(99),
  textAnswers: z.array(z.string().max(2000).nullable().optional()).max(99).optional(),
});

/**
 * POST /api/prescription/pay: the spec's payload. price, payment_status and user_id are
 * accepted and ignored: the price comes from the catalogue and the payer from the session,
 * the token or the guest id.
 */
export const prescriptionPaySchema = z.looseObject({
  questionnaire_id: z.uuid({ error: NO_QUESTIONNAIRE }),
  questionnaire: z.string().max(200_000).optional().nullable(),
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
    z.email({ error: "Please enter a valid email address." }).max(254).optional(),
  ),
  guest_id: z.string().max(200).optional().nullable(),
  plan_id: z.string().max(60).optional().nullable(),
});

/** POST /api/prescription/save: the spec's payload; only the payment session id matters (answers were locked at payment). */
export const prescriptionSaveSchema = z.looseObject({
  paymentSessionId: z.string({ error: "The payment session is missing." }).min(1, "The payment session is missing.").max(255),
});

export const plansQuerySchema = z.object({
  treatment_type: z.string({ error: "The treatment_type field is required." }).min(1, "The treatment_type field is required.").max(60),
});

export type PrescriptionPayInput = z.infer<typeof prescriptionPaySchema>;
