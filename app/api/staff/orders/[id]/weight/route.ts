// POST /api/staff/orders/{id}/weight {weight_kg, method, note} – record the patient's verified weight (claim holder; audited)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_STAFF_ROLES, orderReview } from "@/lib/server/orders/review/order-review-kind";
import { recordVerifiedWeight } from "@/lib/server/weight-verification/record-verified-weight";
import { recordWeightSchema, weightOrderParamsSchema } from "@/lib/validation/weight-verification";

export const POST = apiRoute({ actor: { staff: ORDER_STAFF_ROLES }, params: weightOrderParamsSchema, body: recordWeightSchema }, async ({ actor, params, body }) => {
  const { message, ...verification } = await recordVerifiedWeight(actor, orderReview, params.id, body);
  return NextResponse.json({ message, verification }, { status: 201 });
});
