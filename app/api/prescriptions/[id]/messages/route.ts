// POST /api/prescriptions/{id}/messages – the patient answers the prescriber's question (text, optional photo)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { readReplyBody } from "@/lib/server/prescriptions/read-reply-body";
import { replyToPrescriber } from "@/lib/server/prescriptions/reply-to-prescriber";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { prescriptionRequestParamsSchema } from "@/lib/validation/prescription-reply";

export const POST = apiRoute({ actor: "account", params: prescriptionRequestParamsSchema }, async ({ req, params, actor }) => {
  const input = await readReplyBody(req);
  if (input.photo) await consumeRateLimit(rateLimits.photoUploadPerAddress, clientAddress(req.headers));
  const result = await replyToPrescriber(actor, params.id, input);
  return NextResponse.json(
    { message: "Thank you. Your answer has been sent to the prescriber.", status: result.status, case_message: result.message },
    { status: 201 },
  );
});
