// POST /api/staff/prescriptions/{id}/decline {reason} – decline and refund in full (claim holder only)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { declineReviewCase } from "@/lib/server/prescription-review/decline-review-case";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { declinePrescriptionSchema, reviewCaseParamsSchema } from "@/lib/validation/prescription-review";

export const POST = apiRoute(
  { actor: { staff: REVIEWER_ROLES }, params: reviewCaseParamsSchema, body: declinePrescriptionSchema },
  async ({ actor, params, body }) => {
    const result = await declineReviewCase(actor, params.id, body);
    return NextResponse.json({ message: `${result.reference} was declined and the fee refunded. The patient has been emailed.`, case: result });
  },
);
