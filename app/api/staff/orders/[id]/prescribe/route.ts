// POST /api/staff/orders/{id}/prescribe {directions?} – the claim's prescriber authorises the order's prescription-only lines
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_PRESCRIBER_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { prescribeOrder } from "@/lib/server/orders/review/prescribe-order";
import { orderParamsSchema, prescribeOrderSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_PRESCRIBER_ROLES }, params: orderParamsSchema, body: prescribeOrderSchema }, async ({ actor, params, body }) => {
  const result = await prescribeOrder(actor, params.id, body);
  return NextResponse.json({ message: result.message, order: result });
});
