// POST /api/staff/check-ins/{id}/refer {note} – a fee-waived consultation first; the renewal stays unpaid (claim holder only)
import { NextResponse } from "next/server";
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { referCheckIn } from "@/lib/server/check-ins/refer-check-in";
import { apiRoute } from "@/lib/server/http/api-route";
import { checkInParamsSchema, referCheckInSchema } from "@/lib/validation/check-ins";

export const POST = apiRoute({ actor: { staff: CHECK_IN_REVIEWER_ROLES }, params: checkInParamsSchema, body: referCheckInSchema }, async ({ actor, params, body }) => {
  const result = await referCheckIn(actor, params.id, body);
  return NextResponse.json({ message: result.message, check_in: result });
});
