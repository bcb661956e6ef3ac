// GET /api/staff/check-ins/{id}/weight-photos/{photoId} – a check-in's scales photo (prescriber or admin; audited)
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { getCheckInWeightPhoto } from "@/lib/server/check-ins/get-check-in-weight-photo";
import { apiRoute } from "@/lib/server/http/api-route";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { checkInWeightPhotoParamsSchema } from "@/lib/validation/check-ins";

export const GET = apiRoute({ actor: { staff: CHECK_IN_REVIEWER_ROLES }, params: checkInWeightPhotoParamsSchema }, async ({ actor, params }) => {
  const photo = await getCheckInWeightPhoto(actor, params.id, params.photoId);
  return imageResponse({ ...photo, disposition: "inline" });
});
