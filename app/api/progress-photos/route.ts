// POST /api/progress-photos – a dated set of the three hair-loss progress photos (multipart fields
// "hairline", "crown", "top"; JPEG or PNG, 10 MB each) → 201 {set}
import { NextResponse } from "next/server";
import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";
import { apiRoute } from "@/lib/server/http/api-route";
import { addProgressPhotoSet } from "@/lib/server/progress-photos/add-progress-photo-set";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { fileFromForm, readMultipartForm } from "@/lib/server/services/uploads/read-uploaded-file";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";

export const POST = apiRoute({ actor: "account" }, async ({ req, actor }) => {
  await consumeRateLimit(rateLimits.photoUploadPerAddress, clientAddress(req.headers));
  const form = await readMultipartForm(req, PROGRESS_VIEWS.length * MAX_PHOTO_BYTES);
  const files = Object.fromEntries(
    await Promise.all(PROGRESS_VIEWS.map(async (view) => [view.key, form ? ((await fileFromForm(form, view.field, MAX_PHOTO_BYTES)) ?? undefined) : undefined] as const)),
  );
  const set = await addProgressPhotoSet(actor, files);
  return NextResponse.json({ set, message: "Your progress photos are saved." }, { status: 201 });
});
