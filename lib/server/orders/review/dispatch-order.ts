import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { withCaseLock } from "@/lib/server/staff-review/lock-case";
import type { DispatchOrderInput } from "@/lib/validation/order-review";
import { transitionOrder } from "../order-events";
import { orderReview } from "./order-review-kind";
import type { OrderActionResult } from "./types";

/**
 * Sent: the carrier's tracking reference goes on the patient's timeline and in their email.
 * Needs no claim (dispatch is after the decision), only the order's lock: a repeat is a 409.
 */
export async function dispatchOrder(actor: StaffActor, id: string, input: DispatchOrderInput): Promise<OrderActionResult> {
  return withCaseLock(orderReview, id, async (tx, order) => {
    const moved = await transitionOrder(tx, order, {
      from: ["AWAITING_DISPATCH"],
      to: "DISPATCHED",
      events: ["dispatched"],
      detail: { tracking_reference: input.tracking_reference },
      data: { trackingReference: input.tracking_reference, dispatchedAt: new Date() },
    });
    if (!moved) throw new AppError("conflict", order.status === "DISPATCHED" ? "This order has already been dispatched." : "Only a dispensed order, or one of cosmetics only, can be dispatched.");
    await recordAuditEvent({ actor, action: "order.dispatched", subjectType: "order", subjectId: id, detail: { reference: order.reference, tracking_reference: input.tracking_reference } }, tx);
    return { id, reference: order.reference, status: "DISPATCHED", message: `${order.reference} is marked dispatched (${input.tracking_reference}).` };
  });
}
