// POST /api/staff/orders/{id}/release – the claim holder puts the order back in the queue
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { releaseOrder } from "@/lib/server/orders/review/release-order";
import { orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_CASE_ROLES }, params: orderParamsSchema }, async ({ actor, params }) => {
  const result = await releaseOrder(actor, params.id);
  return NextResponse.json({ message: result.message, order: result });
});
