// /api/check-ins/{id}: the patient's renewal check-in before a prescription-only repeat supply
// (lib/server/check-ins), and the scales photo a weight-loss medicine's check-in needs first.
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { photoUploadErrors } from "../photo-upload";
import { weightEvidenceSchema, weightPhotoFormSchema } from "./orders";
import { checkInParamsSchema, submitCheckInSchema } from "@/lib/validation/check-ins";

const checkInSubmittedSchema = z.strictObject({
  message: z.string(),
  check_in: z.strictObject({ id: z.string(), reference: z.string(), status: z.enum(["submitted", "stopped"]) }),
});

export const checkInsOperations = defineOperations([
  {
    method: "post",
    path: "/api/check-ins/{id}",
    summary: "Answer one of the patient's own renewal check-ins (continue, speak to a doctor, or stop)",
    tags: ["Check-ins"],
    access: "patient",
    request: { params: checkInParamsSchema, body: submitCheckInSchema },
    responses: {
      200: {
        description: "`submitted`: it waits for the prescriber; `stopped`: the subscription ends and nothing more is charged.",
        schema: checkInSubmittedSchema,
      },
      ...boundaryErrors({ write: true, jsonBody: true, params: true, signedIn: true }),
      409: errorResponse("The check-in was already answered, or its subscription has ended or is cancelled."),
      422: errorResponse(
        "Validation failed, or what the medicine needs is missing: the weight, the scales photo (POST …/weight-photo first), the dose step, or a usable progress photo set.",
      ),
      502: errorResponse("Stopping the subscription failed at the payment provider; nothing was recorded."),
    },
  },
  {
    method: "post",
    path: "/api/check-ins/{id}/weight-photo",
    summary: "Send the scales photo for one of the patient's own check-ins of a weight-loss medicine",
    tags: ["Check-ins"],
    access: "patient",
    request: { params: checkInParamsSchema, body: weightPhotoFormSchema, bodyContentType: "multipart/form-data" },
    responses: {
      201: {
        description: "The photo is stored (re-encoded without metadata) for the prescriber.",
        schema: z.strictObject({ message: z.string(), evidence: weightEvidenceSchema }),
      },
      ...boundaryErrors({ write: true, params: true, signedIn: true }),
      ...photoUploadErrors(),
      409: errorResponse("The check-in needs no weight photo, or it was already answered."),
      422: errorResponse("No photo in the form, the file could not be read as an image, or five photos were already sent for the check-in."),
    },
  },
]);
