// POST /api/staff/staff-members/{id}/second-factor/reset – an admin clears a staff member's authenticator (audited; their sessions end)
import { NextResponse } from "next/server";
import { resetSecondFactor } from "@/lib/server/auth/second-factor/reset-second-factor";
import { apiRoute } from "@/lib/server/http/api-route";
import { staffMemberParamsSchema } from "@/lib/validation/staff-members";

export const POST = apiRoute({ actor: { staff: ["ADMIN"] }, params: staffMemberParamsSchema }, async ({ actor, params }) =>
  NextResponse.json(await resetSecondFactor(actor, params.id)),
);
