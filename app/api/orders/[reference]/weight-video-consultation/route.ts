// POST /api/orders/{reference}/weight-video-consultation – the patient chooses to be weighed on a video consultation instead of a photo
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { chooseVideoConsultation } from "@/lib/server/weight-verification/choose-video-consultation";
import { ORDER_NOT_FOUND } from "@/lib/server/weight-verification/lock-own-weight-order";
import { ownOrderParamsSchema } from "@/lib/validation/weight-verification";

export const POST = apiRoute({ actor: "guest", params: ownOrderParamsSchema }, async ({ params, actor }) => {
  if (!actor) throw new AppError("not_found", ORDER_NOT_FOUND);
  const evidence = await chooseVideoConsultation(actor, params.reference);
  return NextResponse.json({ message: "Noted: book your video consultation and our pharmacist will check your weight on it.", evidence, booking_url: "/consultation" });
});
