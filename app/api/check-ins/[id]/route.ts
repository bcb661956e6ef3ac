// POST /api/check-ins/{id} – the patient's renewal check-in answers (a hair-loss check-in names its saved progress photo set); owner only (another patient's id: 404)
import { NextResponse } from "next/server";
import { submitCheckIn } from "@/lib/server/check-ins/submit-check-in";
import { apiRoute } from "@/lib/server/http/api-route";
import { checkInParamsSchema, submitCheckInSchema } from "@/lib/validation/check-ins";

export const POST = apiRoute({ actor: "account", params: checkInParamsSchema, body: submitCheckInSchema }, async ({ actor, params, body }) => {
  const result = await submitCheckIn(actor, params.id, body);
  return NextResponse.json({ message: result.message, check_in: { id: result.id, reference: result.reference, status: result.status.toLowerCase() } });
});
