// GET /api/prescriptions/{id}/messages/{messageId}/photo – the photo sent with the owner's answer
import { apiRoute } from "@/lib/server/http/api-route";
import { getCaseMessagePhoto } from "@/lib/server/prescriptions/get-case-message-photo";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { caseMessagePhotoParamsSchema } from "@/lib/validation/prescription-reply";

export const GET = apiRoute({ actor: "account", params: caseMessagePhotoParamsSchema }, async ({ req, params, actor }) => {
  const photo = await getCaseMessagePhoto(actor, params.id, params.messageId);
  return imageResponse({ ...photo, disposition: req.nextUrl.searchParams.get("download") === "1" ? "attachment" : "inline" });
});
