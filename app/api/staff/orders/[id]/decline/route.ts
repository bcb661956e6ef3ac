// POST /api/staff/orders/{id}/decline {reason} – decline with a reason and refund in full (claim holder only)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
// The composition root: a declined subscription order ends its subscription.
import "@/lib/server/plugins";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { declineOrder } from "@/lib/server/orders/review/decline-order";
import { declineOrderSchema, orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_CASE_ROLES }, params: orderParamsSchema, body: declineOrderSchema }, async ({ actor, params, body }) => {
  const result = await declineOrder(actor, params.id, body);
  return NextResponse.json({ message: result.message, order: result });
});
