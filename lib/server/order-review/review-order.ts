import "server-only";
import { endSubscriptionAfterDecline } from "@/lib/server/subscriptions/end-subscription";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { transitionOrder } from "@/lib/server/orders/order-events";
import { releaseStock } from "@/lib/server/orders/stock";
import { refundInFull } from "@/lib/server/payments/apply-checkout-session";
import { lockPayment } from "@/lib/server/payments/payment-records";
import { describeError } from "@/lib/server/payments/stripe-client";
import type { DeclineOrderInput, DispatchOrderInput, InviteOrderInput } from "@/lib/validation/order-review";
import { assertHoldsOrderClaim, assertMayClaimOrder, lockOrder, ORDER_TRANSACTION, REVIEWABLE } from "./lock-order";
import { logger } from "@/lib/server/log/logger";

// The pharmacist's decisions on a paid order. Each is one transaction under the order's row
// lock: the claim rules decide who may act, transitionOrder moves the status only from the
// expected ones (so a repeat is a 409, never a second effect), appends the patient's timeline
// and queues their email, and the audit log records the decision in the same commit.

export type OrderActionResult = { id: string; reference: string; status: string; message: string };

export const INVITATION_DAYS = 14;

export async function claimOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertMayClaimOrder(order, actor.user.id, new Date());
    await tx.order.update({ where: { id }, data: { claimedById: actor.user.id, claimedAt: new Date() } });
    await recordAuditEvent({ actor, action: "order.claimed", subjectType: "order", subjectId: id, detail: { reference: order.reference } }, tx);
    return { id, reference: order.reference, status: order.status, message: `You are reviewing ${order.reference}.` };
  }, ORDER_TRANSACTION);
}

export async function releaseOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertHoldsOrderClaim(order, actor.user.id);
    await tx.order.update({ where: { id }, data: { claimedById: null, claimedAt: null } });
    await recordAuditEvent({ actor, action: "order.released", subjectType: "order", subjectId: id, detail: { reference: order.reference } }, tx);
    return { id, reference: order.reference, status: order.status, message: `${order.reference} is back in the queue.` };
  }, ORDER_TRANSACTION);
}

/** Dispensed: the order goes to dispatch. */
export async function dispenseOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertHoldsOrderClaim(order, actor.user.id);
    const now = new Date();
    await transitionOrder(tx, order, {
      from: REVIEWABLE,
      to: "AWAITING_DISPATCH",
      events: ["dispensed", "awaiting_dispatch"],
      data: { decidedAt: now, decidedById: actor.user.id, claimedById: null, claimedAt: null },
    });
    await recordAuditEvent({ actor, action: "order.dispensed", subjectType: "order", subjectId: id, detail: { reference: order.reference } }, tx);
    return { id, reference: order.reference, status: "AWAITING_DISPATCH", message: `${order.reference} is dispensed and ready to dispatch.` };
  }, ORDER_TRANSACTION);
}

/**
 * Invites the patient to a consultation with the fee waived (consultation_invitations, used
 * through POST /api/bookings); the order waits. The invitation needs the patient's account:
 * the order's, or the account registered with the order's email.
 */
export async function inviteOrder(actor: StaffActor, id: string, input: InviteOrderInput): Promise<OrderActionResult> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertHoldsOrderClaim(order, actor.user.id);
    if (order.status !== "AWAITING_PHARMACIST") throw new AppError("conflict", "The patient has already been invited to a consultation for this order.");
    const type = await tx.consultationType.findUnique({ where: { slug: input.consultation_type }, select: { id: true, name: true } });
    if (!type) throw new AppError("validation_failed", "Choose the kind of consultation.", { consultation_type: ["Choose the kind of consultation."] });
    const userId = order.userId ?? (await tx.user.findUnique({ where: { email: order.email }, select: { id: true } }))?.id ?? null;
    if (!userId) {
      const message = "The patient has no account to book with yet. Email them to create one with this address, or decline the order.";
      throw new AppError("validation_failed", message, { consultation_type: [message] });
    }
    await tx.consultationInvitation.create({
      data: { userId, orderId: id, consultationTypeId: type.id, feeWaived: true, note: input.note, expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) },
    });
    await transitionOrder(tx, order, { from: ["AWAITING_PHARMACIST"], to: "CONSULTATION_INVITED", events: ["consultation_invited"], data: { userId, claimedById: null, claimedAt: null } });
    await recordAuditEvent({ actor, action: "order.invited", subjectType: "order", subjectId: id, detail: { reference: order.reference, consultation_type: input.consultation_type } }, tx);
    return { id, reference: order.reference, status: "CONSULTATION_INVITED", message: `${order.reference}: the patient is invited to a free ${type.name.toLowerCase()}.` };
  }, ORDER_TRANSACTION);
}

/**
 * Declines with a reason (shown in the patient's account, never emailed) and refunds in full:
 * the refund first, with an idempotency key per payment, so a failed refund leaves the order
 * undecided; then DECLINED, the stock back on the shelf, the email and the audit record.
 */
export async function declineOrder(actor: StaffActor, id: string, input: DeclineOrderInput): Promise<OrderActionResult> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertHoldsOrderClaim(order, actor.user.id);
    const payment = await lockPayment(tx, order.paymentId);
    if (!payment || (payment.status !== "PAID" && payment.status !== "REFUNDED")) {
      throw new AppError("conflict", "This order's payment is not settled, so it cannot be refunded. Try again later.");
    }
    try {
      if (payment.status === "PAID") await refundInFull(tx, payment.id, payment.paymentIntentId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error(`Refund for payment ${payment.id} failed: ${describeError(error)}`);
      throw new AppError("bad_gateway", "The refund could not be made just now, so the order was not declined. Please try again.");
    }
    const now = new Date();
    await transitionOrder(tx, order, {
      from: REVIEWABLE,
      to: "DECLINED",
      events: ["declined"],
      detail: { amount_pence: order.totalPence },
      data: { declineReason: input.reason, decidedAt: now, decidedById: actor.user.id, claimedById: null, claimedAt: null },
    });
    await releaseStock(tx, await tx.orderLine.findMany({ where: { orderId: id }, select: { productId: true, stockUnits: true } }));
    // A declined period of a subscription ends it: it would otherwise charge again for a supply we would not send.
    const ended = order.subscriptionId ? await endSubscriptionAfterDecline(tx, order.subscriptionId) : false;
    await recordAuditEvent({ actor, action: "order.declined", subjectType: "order", subjectId: id, detail: { reference: order.reference, refunded: true, subscription_ended: ended } }, tx);
    return {
      id,
      reference: order.reference,
      status: "DECLINED",
      message: `${order.reference} was declined and refunded in full${ended ? ", and its subscription was cancelled" : ""}. The patient has been emailed.`,
    };
  }, ORDER_TRANSACTION);
}

/** Sent: the carrier's tracking reference goes on the patient's timeline and in their email. */
export async function dispatchOrder(actor: StaffActor, id: string, input: DispatchOrderInput): Promise<OrderActionResult> {
  return db.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const now = new Date();
    const moved = await transitionOrder(tx, order, {
      from: ["AWAITING_DISPATCH"],
      to: "DISPATCHED",
      events: ["dispatched"],
      detail: { tracking_reference: input.tracking_reference },
      data: { trackingReference: input.tracking_reference, dispatchedAt: now },
    });
    if (!moved) throw new AppError("conflict", order.status === "DISPATCHED" ? "This order has already been dispatched." : "Only a dispensed order, or one of cosmetics only, can be dispatched.");
    await recordAuditEvent({ actor, action: "order.dispatched", subjectType: "order", subjectId: id, detail: { reference: order.reference, tracking_reference: input.tracking_reference } }, tx);
    return { id, reference: order.reference, status: "DISPATCHED", message: `${order.reference} is marked dispatched (${input.tracking_reference}).` };
  }, ORDER_TRANSACTION);
}
