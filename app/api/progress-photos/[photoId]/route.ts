// GET /api/progress-photos/{photoId} – one of the signed-in patient's own progress photos (404 for anyone else's)
import { apiRoute } from "@/lib/server/http/api-route";
import { getOwnProgressPhoto } from "@/lib/server/progress-photos/get-progress-photo";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { progressPhotoParamsSchema } from "@/lib/validation/progress-photos";

export const GET = apiRoute({ actor: "account", params: progressPhotoParamsSchema }, async ({ params, actor }) => {
  const photo = await getOwnProgressPhoto(actor, params.photoId);
  return imageResponse({ ...photo, disposition: "inline" });
});
