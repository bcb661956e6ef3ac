// GET /api/staff/orders/{id}/weight-photos/{photoId} – a patient's weight verification photo (pharmacist, prescriber or admin; audited)
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { getWeightPhoto } from "@/lib/server/weight-verification/get-weight-photo";
import { weightPhotoParamsSchema } from "@/lib/validation/weight-verification";

export const GET = apiRoute({ actor: { staff: ORDER_CASE_ROLES }, params: weightPhotoParamsSchema }, async ({ actor, params }) => {
  const photo = await getWeightPhoto(actor, params.id, params.photoId);
  return imageResponse({ ...photo, disposition: "inline" });
});
