// POST /api/staff/side-effects/{id}/triage {outcome, note} – record the triage of a report (clears the flag on the patient's orders)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { triageSideEffect } from "@/lib/server/side-effects/staff-decisions";
import { SIDE_EFFECT_STAFF_ROLES } from "@/lib/server/side-effects/side-effect-staff-roles";
import { sideEffectParamsSchema, triageSideEffectSchema } from "@/lib/validation/side-effects";

export const POST = apiRoute({ actor: { staff: SIDE_EFFECT_STAFF_ROLES }, params: sideEffectParamsSchema, body: triageSideEffectSchema, maxBodyBytes: 16 * 1024 }, async ({ actor, params, body }) => {
  const result = await triageSideEffect(actor, params.id, body);
  return NextResponse.json({ message: result.message, report: result });
});
