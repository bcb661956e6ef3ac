// POST /api/check-ins/{id}/weight-photo – the patient's scales photo for their check-in (multipart "photo"; JPEG or PNG, 10 MB); owner only
import { NextResponse } from "next/server";
import { addCheckInWeightPhoto } from "@/lib/server/check-ins/add-check-in-weight-photo";
import { apiRoute } from "@/lib/server/http/api-route";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { readUploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";
import { checkInParamsSchema } from "@/lib/validation/check-ins";

export const POST = apiRoute({ actor: "account", params: checkInParamsSchema }, async ({ req, params, actor }) => {
  await consumeRateLimit(rateLimits.photoUploadPerAddress, clientAddress(req.headers));
  const file = await readUploadedFile(req, "photo", MAX_PHOTO_BYTES);
  const evidence = await addCheckInWeightPhoto(actor, params.id, file);
  return NextResponse.json({ message: "Photo received. Your prescriber checks your weight from it.", evidence }, { status: 201 });
});
