// POST /api/staff/orders/{id}/gp-consent-override {reason} – why a "GP consent required" medicine may be supplied without consent (claim holder)
import { NextResponse } from "next/server";
import { recordGpConsentOverride } from "@/lib/server/gp/record-gp-consent-override";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { recordGpConsentOverrideSchema } from "@/lib/validation/gp";
import { orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_CASE_ROLES }, params: orderParamsSchema, body: recordGpConsentOverrideSchema }, async ({ actor, params, body }) => {
  return NextResponse.json(await recordGpConsentOverride(actor, params.id, body.reason));
});
