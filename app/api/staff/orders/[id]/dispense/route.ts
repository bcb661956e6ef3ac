// POST /api/staff/orders/{id}/dispense – the claim holder dispenses: the order goes to dispatch
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_STAFF_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { dispenseOrder } from "@/lib/server/orders/review/dispense-order";
import { orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_STAFF_ROLES }, params: orderParamsSchema }, async ({ actor, params }) => {
  const result = await dispenseOrder(actor, params.id);
  return NextResponse.json({ message: result.message, order: result });
});
