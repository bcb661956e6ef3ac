// POST /api/questionnaires/{id}/photos – add a scalp photo (multipart field "photo"; JPEG or PNG, 10 MB)
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { addQuestionnairePhoto } from "@/lib/server/questionnaire/add-questionnaire-photo";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { readUploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";
import { questionnaireParamsSchema } from "@/lib/validation/questionnaire";

export const POST = apiRoute({ actor: "guest", expiredSession: "unauthorized", params: questionnaireParamsSchema }, async ({ req, params, actor }) => {
  if (!actor) throw new AppError("not_found", "We could not find that questionnaire.");
  await consumeRateLimit(rateLimits.photoUploadPerAddress, clientAddress(req.headers));
  const file = await readUploadedFile(req, "photo", MAX_PHOTO_BYTES);
  const photo = await addQuestionnairePhoto(actor, params.id, file);
  return NextResponse.json({ photo }, { status: 201 });
});
