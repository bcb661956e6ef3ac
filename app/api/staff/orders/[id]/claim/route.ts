// POST /api/staff/orders/{id}/claim – the pharmacist (or a prescriber, for its prescription) takes the order (one at a time; a claim lapses after 30 minutes)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { claimOrder } from "@/lib/server/orders/review/claim-order";
import { orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_CASE_ROLES }, params: orderParamsSchema }, async ({ actor, params }) => {
  const result = await claimOrder(actor, params.id);
  return NextResponse.json({ message: result.message, order: result });
});
