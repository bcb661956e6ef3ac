// POST /api/staff/prescriptions/{id}/claim – take a case for review (409 while another prescriber holds it)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { claimReviewCase } from "@/lib/server/prescription-review/claim-review-case";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { reviewCaseParamsSchema } from "@/lib/validation/prescription-review";

export const POST = apiRoute({ actor: { staff: REVIEWER_ROLES }, params: reviewCaseParamsSchema }, async ({ actor, params }) => {
  const result = await claimReviewCase(actor, params.id);
  return NextResponse.json({ message: `You are reviewing ${result.reference}.`, case: result });
});
