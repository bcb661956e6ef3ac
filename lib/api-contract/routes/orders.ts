// /api/orders/{reference}/weight-…: the patient's weight evidence for an order of a weight-loss
// medicine (lib/server/weight-verification): a scales photo, or the choice of a video consultation.
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { photoPart, photoUploadErrors } from "../photo-upload";
import { ownOrderParamsSchema } from "@/lib/validation/weight-verification";

/** WeightEvidenceView (lib/server/weight-verification/types.ts): what the patient sent. */
export const weightEvidenceSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(["PHOTO", "VIDEO_CONSULTATION"]),
  /** The photo's file name as sent; null for a video consultation. */
  name: z.string().nullable(),
  at: z.string(),
});

/** The one file field of the weight photo forms (order and check-in). */
export const weightPhotoFormSchema = z.object({
  photo: photoPart("A full-length photo on the scales, holding today's date handwritten on paper (JPEG or PNG, at most 10 MB)."),
});

const ORDER_MISSING = "No such paid order of this caller (a guest without a guest cookie, or anyone else's order, reads the same).";
const NO_WEIGHT_CHECK = "The order needs no weight check, was already verified (here or at its check-in), or the pharmacist has already reviewed it.";

export const ordersOperations = defineOperations([
  {
    method: "post",
    path: "/api/orders/{reference}/weight-photo",
    summary: "Send the scales photo that verifies the patient's weight for their order",
    tags: ["Weight verification"],
    access: "guest",
    request: { params: ownOrderParamsSchema, body: weightPhotoFormSchema, bodyContentType: "multipart/form-data" },
    responses: {
      201: {
        description: "The photo is stored (re-encoded without metadata) for the pharmacist.",
        schema: z.strictObject({ message: z.string(), evidence: weightEvidenceSchema }),
      },
      ...boundaryErrors({ write: true, params: true }),
      ...photoUploadErrors(),
      401: errorResponse("A bearer token was sent that is not valid or has expired."),
      404: errorResponse(ORDER_MISSING),
      409: errorResponse(NO_WEIGHT_CHECK),
      422: errorResponse("No photo in the form, the file could not be read as an image, or five photos were already sent for the order."),
    },
  },
  {
    method: "post",
    path: "/api/orders/{reference}/weight-video-consultation",
    summary: "Choose to be weighed on a video consultation instead of sending a photo (safe to repeat)",
    tags: ["Weight verification"],
    access: "guest",
    request: { params: ownOrderParamsSchema },
    responses: {
      200: {
        description: "The choice is recorded (a repeat returns the same record); `booking_url` is where the consultation is booked.",
        schema: z.strictObject({ message: z.string(), evidence: weightEvidenceSchema, booking_url: z.string() }),
      },
      ...boundaryErrors({ write: true, params: true }),
      401: errorResponse("A bearer token was sent that is not valid or has expired."),
      404: errorResponse(ORDER_MISSING),
      409: errorResponse(NO_WEIGHT_CHECK),
    },
  },
]);
