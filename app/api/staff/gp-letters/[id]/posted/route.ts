// POST /api/staff/gp-letters/{id}/posted – a letter to a practice without email was posted (audited)
import { NextResponse } from "next/server";
import { GP_LETTER_STAFF_ROLES } from "@/lib/server/gp/gp-letter-staff-roles";
import { markGpLetterPosted } from "@/lib/server/gp/mark-gp-letter-posted";
import { apiRoute } from "@/lib/server/http/api-route";
import { gpLetterParamsSchema } from "@/lib/validation/gp";

export const POST = apiRoute({ actor: { staff: GP_LETTER_STAFF_ROLES }, params: gpLetterParamsSchema }, async ({ actor, params }) => {
  const result = await markGpLetterPosted(actor, params.id);
  return NextResponse.json({ message: result.message, letter: { id: result.id, status: result.status } });
});
