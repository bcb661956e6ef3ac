// POST /api/staff/orders/{id}/invite {consultation_type, note?} – a fee-waived consultation invitation; the order waits
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { ORDER_STAFF_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { inviteToConsultation } from "@/lib/server/orders/review/invite-to-consultation";
import { inviteOrderSchema, orderParamsSchema } from "@/lib/validation/order-review";

export const POST = apiRoute({ actor: { staff: ORDER_STAFF_ROLES }, params: orderParamsSchema, body: inviteOrderSchema }, async ({ actor, params, body }) => {
  const result = await inviteToConsultation(actor, params.id, body);
  return NextResponse.json({ message: result.message, order: result });
});
