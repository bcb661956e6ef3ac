// /api/progress-photos: the hair-loss progress record, a dated set of three photos
// (lib/server/progress-photos); a hair-loss check-in names its set.
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { photoPart, photoUploadErrors } from "../photo-upload";
import { progressPhotoParamsSchema } from "@/lib/validation/progress-photos";

/** The form's fields (lib/progress-photos/views.ts); all three are required (422 names a missing one). */
const progressPhotoSetFormSchema = z.object({
  hairline: photoPart("The hairline and temples, face on (JPEG or PNG, at most 10 MB)."),
  crown: photoPart("The crown, from above and behind (JPEG or PNG, at most 10 MB)."),
  top: photoPart("The top of the head, from above (JPEG or PNG, at most 10 MB)."),
});

const setSavedSchema = z.strictObject({
  message: z.string(),
  set: z.strictObject({ id: z.string(), takenAt: z.string() }),
});

export const progressPhotosOperations = defineOperations([
  {
    method: "post",
    path: "/api/progress-photos",
    summary: "Save a dated set of the three hair-loss progress photos (hairline, crown, top)",
    tags: ["Progress photos"],
    access: "patient",
    request: { body: progressPhotoSetFormSchema, bodyContentType: "multipart/form-data" },
    responses: {
      201: { description: "The set is saved (photos re-encoded without metadata); `set.id` is what a hair-loss check-in names.", schema: setSavedSchema },
      ...boundaryErrors({ write: true, signedIn: true }),
      ...photoUploadErrors(),
      422: errorResponse("A view is missing (`errors` names its field), or a photo could not be read as an image."),
      429: errorResponse("Too many uploads from this address in the last hour, or three sets already in the last 24 hours."),
    },
  },
  {
    method: "get",
    path: "/api/progress-photos/{photoId}",
    summary: "One of the signed-in patient's own progress photos (inline, never cached)",
    tags: ["Progress photos"],
    access: "patient",
    request: { params: progressPhotoParamsSchema },
    responses: {
      200: { description: "The photo, image/jpeg or image/png as stored.", contentType: "image/*" },
      ...boundaryErrors({ params: true, signedIn: true }),
    },
  },
]);
