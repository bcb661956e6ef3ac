// GET /api/staff/progress-photos/{photoId} – a patient's progress photo for the clinician reviewing them (audited)
import { apiRoute } from "@/lib/server/http/api-route";
import { getProgressPhotoForStaff } from "@/lib/server/progress-photos/get-progress-photo";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { progressPhotoParamsSchema } from "@/lib/validation/progress-photos";

export const GET = apiRoute({ actor: { staff: ["PRESCRIBER", "PHARMACIST", "ADMIN"] }, params: progressPhotoParamsSchema }, async ({ actor, params }) => {
  const photo = await getProgressPhotoForStaff(actor, params.photoId);
  return imageResponse({ ...photo, disposition: "inline" });
});
