// POST /api/staff/orders/{id}/dispatch {tracking_reference} – mark a dispensed (or cosmetics-only) order sent
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_STAFF_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { dispatchOrder } from "@/lib/server/orders/review/dispatch-order";
import { dispatchOrderSchema, orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_STAFF_ROLES }, params: orderParamsSchema, body: dispatchOrderSchema }, async ({ actor, params, body }) => {
  const result = await dispatchOrder(actor, params.id, body);
  return NextResponse.json({ message: result.message, order: result });
});
