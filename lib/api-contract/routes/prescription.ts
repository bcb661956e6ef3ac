// The spec's prescription checkout (section 7: POST /prescription/pay, /prescription/save):
// pay the £19.99 review for a questionnaire, then collect the paid request after checkout.
// Guests pay by email under their guest id (the guest cookie's, else the body's guest_id).
import { z } from "zod";
import { prescriptionPaySchema, prescriptionSaveSchema } from "@/lib/validation/prescription";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";

const tags = ["Prescriptions"];
const badBearer = errorResponse("An invalid or expired bearer token.");

/** PrescriptionRequestView (lib/server/prescriptions/types.ts): no answers, no clinical notes. */
const prescriptionRequest = z.strictObject({
  id: z.string(),
  reference: z.string(),
  status: z.enum(["PENDING_PAYMENT", "SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT", "ISSUED", "DECLINED", "CANCELLED"]),
  questionnaireId: z.string(),
  pricePence: z.number().int(),
  planName: z.string().nullable(),
  submittedAt: z.string().nullable().describe("An ISO 8601 date-time, or null."),
  dueAt: z.string().nullable().describe("An ISO 8601 date-time (24 hours after submission), or null."),
  createdAt: z.string().describe("An ISO 8601 date-time."),
});

export const prescriptionOperations = defineOperations([
  {
    method: "post",
    path: "/api/prescription/pay",
    summary: "Lock the questionnaire and open the prescription service's checkout (the price comes from the catalogue; price, payment_status and user_id are ignored)",
    tags,
    access: "guest",
    request: { body: prescriptionPaySchema },
    responses: {
      200: {
        description: "`id` is the checkout session's id (the spec's), `url` the page to send the browser to; a new guest also gets the guest cookie.",
        schema: z.strictObject({ id: z.string(), url: z.string() }),
      },
      ...boundaryErrors({ write: true, jsonBody: true }),
      401: badBearer,
      409: errorResponse("This questionnaire has already been paid for, or the prescription service is not available."),
      422: errorResponse("Validation failed: no email for a guest, no questionnaire (or one that cannot be read, or an unanswered step), or a plan not offered."),
      429: errorResponse("Too many checkouts from this client address; Retry-After says when to try again."),
      502: errorResponse("The payment provider refused or did not answer."),
    },
  },
  {
    method: "post",
    path: "/api/prescription/save",
    summary: "After checkout: the caller's paid prescription request for a payment session (idempotent)",
    tags,
    access: "guest",
    request: { body: prescriptionSaveSchema },
    responses: {
      200: { description: "Paid and submitted (or refunded since): the request.", schema: z.strictObject({ message: z.string(), prescription: prescriptionRequest }) },
      ...boundaryErrors({ write: true, jsonBody: true }),
      401: badBearer,
      404: errorResponse("No prescription payment for this session that belongs to the caller."),
      409: errorResponse("The payment is still being processed, or was not completed, so nothing was saved."),
    },
  },
]);
