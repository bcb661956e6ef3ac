// POST /api/staff/side-effects/{id}/messages {body} – the clinical team writes to the patient about a report
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { replyToSideEffect } from "@/lib/server/side-effects/staff-decisions";
import { SIDE_EFFECT_STAFF_ROLES } from "@/lib/server/side-effects/side-effect-staff-roles";
import { sideEffectMessageSchema, sideEffectParamsSchema } from "@/lib/validation/side-effects";

export const POST = apiRoute({ actor: { staff: SIDE_EFFECT_STAFF_ROLES }, params: sideEffectParamsSchema, body: sideEffectMessageSchema, maxBodyBytes: 16 * 1024 }, async ({ actor, params, body }) => {
  const result = await replyToSideEffect(actor, params.id, body.body);
  return NextResponse.json({ message: result.message, report: result });
});
