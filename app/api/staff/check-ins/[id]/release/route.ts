// POST /api/staff/check-ins/{id}/release – gives the check-in back to the queue (claim holder only)
import { NextResponse } from "next/server";
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { releaseCheckIn } from "@/lib/server/check-ins/claim-check-in";
import { apiRoute } from "@/lib/server/http/api-route";
import { checkInParamsSchema } from "@/lib/validation/check-ins";

export const POST = apiRoute({ actor: { staff: CHECK_IN_REVIEWER_ROLES }, params: checkInParamsSchema }, async ({ actor, params }) => {
  const result = await releaseCheckIn(actor, params.id);
  return NextResponse.json({ message: result.message, check_in: result });
});
