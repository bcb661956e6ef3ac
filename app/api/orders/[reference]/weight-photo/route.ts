// POST /api/orders/{reference}/weight-photo – the patient's weight verification photo for their order (multipart "photo"; JPEG or PNG, 10 MB)
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { readUploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";
import { addWeightPhoto } from "@/lib/server/weight-verification/add-weight-photo";
import { ORDER_NOT_FOUND } from "@/lib/server/weight-verification/lock-own-weight-order";
import { ownOrderParamsSchema } from "@/lib/validation/weight-verification";

export const POST = apiRoute({ actor: "guest", params: ownOrderParamsSchema }, async ({ req, params, actor }) => {
  if (!actor) throw new AppError("not_found", ORDER_NOT_FOUND);
  await consumeRateLimit(rateLimits.photoUploadPerAddress, clientAddress(req.headers));
  const file = await readUploadedFile(req, "photo", MAX_PHOTO_BYTES);
  const evidence = await addWeightPhoto(actor, params.reference, file);
  return NextResponse.json({ message: "Thank you. Your photo has been sent to our pharmacist.", evidence }, { status: 201 });
});
