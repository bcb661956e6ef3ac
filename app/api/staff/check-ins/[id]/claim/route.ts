// POST /api/staff/check-ins/{id}/claim – the prescriber takes the check-in (one at a time; a claim lapses after 30 minutes)
import { NextResponse } from "next/server";
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { claimCheckIn } from "@/lib/server/check-ins/claim-check-in";
import { apiRoute } from "@/lib/server/http/api-route";
import { checkInParamsSchema } from "@/lib/validation/check-ins";

export const POST = apiRoute({ actor: { staff: CHECK_IN_REVIEWER_ROLES }, params: checkInParamsSchema }, async ({ actor, params }) => {
  const result = await claimCheckIn(actor, params.id);
  return NextResponse.json({ message: result.message, check_in: result });
});
