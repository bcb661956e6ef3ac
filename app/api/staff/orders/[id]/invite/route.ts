// POST /api/staff/orders/{id}/invite {consultation_type, note?} – a fee-waived consultation invitation; the order waits
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_STAFF_ROLES } from "@/lib/server/order-review/lock-order";
import { inviteOrder } from "@/lib/server/order-review/review-order";
import { inviteOrderSchema, orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_STAFF_ROLES }, params: orderParamsSchema, body: inviteOrderSchema }, async ({ actor, params, body }) => {
  const result = await inviteOrder(actor, params.id, body);
  return NextResponse.json({ message: result.message, order: result });
});
