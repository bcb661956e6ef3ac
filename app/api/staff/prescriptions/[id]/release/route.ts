// POST /api/staff/prescriptions/{id}/release – give a claimed case back to the queue
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { releaseReviewCase } from "@/lib/server/prescription-review/release-review-case";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { reviewCaseParamsSchema } from "@/lib/validation/prescription-review";

export const POST = apiRoute({ actor: { staff: REVIEWER_ROLES }, params: reviewCaseParamsSchema }, async ({ actor, params }) => {
  const result = await releaseReviewCase(actor, params.id);
  return NextResponse.json({ message: `${result.reference} is back in the queue.`, case: result });
});
