import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { refundForDecline } from "@/lib/server/services/payments/refund-for-decline";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import type { DeclineOrderInput } from "@/lib/validation/order-review";
import { transitionOrder } from "../order-events";
import { releaseStock } from "../stock";
import { endSubscriptionOfDeclinedOrder } from "./declined-subscription-order";
import { orderReview, REVIEWABLE } from "./order-review-kind";
import type { OrderActionResult } from "./types";

/**
 * Declines with a reason (shown in the patient's account, never emailed) and refunds in full,
 * for the claim's holder, under the order's lock and then its payment's: the refund first, with
 * an idempotency key per payment, so a failed refund leaves the order undecided; then
 * DECLINED, the stock back on the shelf, the email and the audit record.
 */
export async function declineOrder(actor: StaffActor, id: string, input: DeclineOrderInput): Promise<OrderActionResult> {
  return decideCase(actor, orderReview, id, async (tx, order) => {
    await refundForDecline(tx, order.paymentId, "order");
    await transitionOrder(tx, order, {
      from: REVIEWABLE,
      to: "DECLINED",
      events: ["declined"],
      detail: { amount_pence: order.totalPence },
      data: { declineReason: input.reason, decidedAt: new Date(), decidedById: actor.user.id, claimedById: null, claimedAt: null },
    });
    await releaseStock(tx, await tx.orderLine.findMany({ where: { orderId: id }, select: { productId: true, stockUnits: true } }));
    // A declined period of a subscription ends it: it would otherwise charge again for a supply we would not send.
    const ended = order.subscriptionId ? await endSubscriptionOfDeclinedOrder(tx, order.subscriptionId) : false;
    await recordAuditEvent({ actor, action: "order.declined", subjectType: "order", subjectId: id, detail: { reference: order.reference, refunded: true, subscription_ended: ended } }, tx);
    return {
      id,
      reference: order.reference,
      status: "DECLINED",
      message: `${order.reference} was declined and refunded in full${ended ? ", and its subscription was cancelled" : ""}. The patient has been emailed.`,
    };
  });
}
