// GET /api/questionnaires/{id}/photos/{photoId} – the owner's photo; DELETE – remove it before submitting
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { getQuestionnairePhoto } from "@/lib/server/questionnaire/get-questionnaire-photo";
import { removeQuestionnairePhoto } from "@/lib/server/questionnaire/remove-questionnaire-photo";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { questionnairePhotoParamsSchema } from "@/lib/validation/questionnaire";

export const GET = apiRoute({ actor: "guest", params: questionnairePhotoParamsSchema }, async ({ params, actor }) => {
  const photo = await getQuestionnairePhoto(actor, params.id, params.photoId);
  return imageResponse({ ...photo, disposition: "inline" });
});

export const DELETE = apiRoute({ actor: "guest", expiredSession: "unauthorized", params: questionnairePhotoParamsSchema }, async ({ params, actor }) => {
  if (!actor) throw new AppError("not_found", "We could not find that photo.");
  await removeQuestionnairePhoto(actor, params.id, params.photoId);
  return NextResponse.json({ message: "Photo removed." });
});
