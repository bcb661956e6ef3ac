// GET /api/staff/prescriptions/{id}/photos/{photoId} – a questionnaire photo of the case (staff only; audited)
import { apiRoute } from "@/lib/server/http/api-route";
import { getCasePhoto } from "@/lib/server/prescription-review/get-case-photo";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { reviewPhotoParamsSchema } from "@/lib/validation/prescription-review";

export const GET = apiRoute({ actor: { staff: REVIEWER_ROLES }, params: reviewPhotoParamsSchema }, async ({ actor, params }) => {
  const photo = await getCasePhoto(actor, params.id, params.photoId);
  return imageResponse({ ...photo, disposition: "inline" });
});
