// POST /api/staff/identity-duplicates – a reviewer decides whether two flagged accounts are one person (audited)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { decideIdentityDuplicate, IDENTITY_REVIEWER_ROLES } from "@/lib/server/identity/decide-identity-duplicate";
import { decideIdentityDuplicateSchema } from "@/lib/validation/identity";

export const POST = apiRoute({ actor: { staff: IDENTITY_REVIEWER_ROLES }, body: decideIdentityDuplicateSchema }, async ({ actor, body }) => {
  await decideIdentityDuplicate(actor, { userId: body.user_id, otherUserId: body.other_user_id, decision: body.decision, note: body.note });
  return NextResponse.json({ message: "Decision recorded." });
});
