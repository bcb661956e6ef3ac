// GET /api/staff/prescriptions/{id}/messages/{messageId}/photo – a photo the patient sent with a reply (staff only; audited)
import { apiRoute } from "@/lib/server/http/api-route";
import { getCaseMessagePhoto } from "@/lib/server/prescription-review/get-case-message-photo";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { reviewMessagePhotoParamsSchema } from "@/lib/validation/prescription-review";

export const GET = apiRoute({ actor: { staff: REVIEWER_ROLES }, params: reviewMessagePhotoParamsSchema }, async ({ actor, params }) => {
  const photo = await getCaseMessagePhoto(actor, params.id, params.messageId);
  return imageResponse({ ...photo, disposition: "inline" });
});
