// POST /api/staff/check-ins/{id}/approve {note?} – the repeat supply may go ahead: the renewal is charged (now, if it was missed) (claim holder only)
import { NextResponse } from "next/server";
// The composition root: the subscription's events and jobs the approval sets going.
import "@/lib/server/plugins";
import { approveCheckIn } from "@/lib/server/check-ins/approve-check-in";
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { apiRoute } from "@/lib/server/http/api-route";
import { approveCheckInSchema, checkInParamsSchema } from "@/lib/validation/check-ins";

export const POST = apiRoute({ actor: { staff: CHECK_IN_REVIEWER_ROLES }, params: checkInParamsSchema, body: approveCheckInSchema }, async ({ actor, params, body }) => {
  const result = await approveCheckIn(actor, params.id, body);
  return NextResponse.json({ message: result.message, check_in: result });
});
