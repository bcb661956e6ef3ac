import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { ownerOfRow } from "@/lib/server/core/actor/owned-by";
import { AppError } from "@/lib/server/core/errors/app-error";
import { holdDiscount, lockCustomerPayments, paidOrdersBefore, redemptionKeyFor } from "@/lib/server/discounts/resolve-discount";
import { registerPaymentPurpose } from "@/lib/server/services/payments/purpose-registry";
import type { LockedPayment, PaymentPurposeHandler } from "@/lib/server/services/payments/types";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import { cancelPendingOrder, releaseOrderHolds } from "./cancel-pending-order";
import { transitionOrder } from "./order-events";
import { releaseStock, reserveStock } from "./stock";

type LockedOrder = {
  id: string;
  reference: string;
  email: string;
  shipName: string;
  totalPence: number;
  status: OrderStatus;
  needsReview: boolean;
  userId: string | null;
  guestKeyHash: string | null;
  discountCodeId: string | null;
};

/**
 * A shop order's reaction to its payment, run by the one idempotent fulfilment of every
 * payment (webhook or return page, whichever comes first; the other finds it done).
 * Paid: the order joins the pharmacist's queue when it holds a medicine, or the dispatch
 * queue when it is cosmetics only, and the ordered lines leave the cart. A payment that
 * arrives after its checkout was closed is honoured if its stock and code can still be held,
 * otherwise refunded. An order with a discount code is refunded too when another order of the
 * customer's was paid first (two checkouts opened side by side cannot both be a "first
 * order"): a customer's payments are applied one at a time for that re-check.
 * Lapsed: stock and code are given back. Refunded in full from outside
 * our flows before dispatch: the order is closed and its stock returned.
 */
export const orderPaymentHandler: PaymentPurposeHandler = {
  async onPaid(tx, payment) {
    const order = await lockOrder(tx, payment);
    await lockCustomerPayments(tx, order.email);
    if ((order.status === "PENDING_PAYMENT" || order.status === "CANCELLED") && order.discountCodeId && !(await stillFirstOrder(tx, order))) {
      await transitionOrder(tx, order, { from: ["PENDING_PAYMENT", "CANCELLED"], to: "CANCELLED", events: ["refunded"], detail: { reason: "discount_not_first_order" } });
      if (order.status === "PENDING_PAYMENT") await releaseOrderHolds(tx, order.id);
      return "refund";
    }
    if (order.status === "CANCELLED") {
      if (!(await reclaim(tx, order))) {
        await transitionOrder(tx, order, { from: ["CANCELLED"], to: "CANCELLED", events: ["refunded"] });
        return "refund";
      }
      await tx.order.update({ where: { id: order.id }, data: { status: "PENDING_PAYMENT" } });
    } else if (order.status !== "PENDING_PAYMENT") {
      return "fulfilled";
    }
    const next: OrderStatus = order.needsReview ? "AWAITING_PHARMACIST" : "AWAITING_DISPATCH";
    await transitionOrder(tx, order, {
      from: ["PENDING_PAYMENT"],
      to: next,
      events: ["paid", order.needsReview ? "awaiting_pharmacist" : "awaiting_dispatch"],
      data: { paidAt: new Date() },
    });
    await clearOrderedLines(tx, order);
    return "fulfilled";
  },

  async onLapsed(tx, payment) {
    const order = await lockOrder(tx, payment);
    await cancelPendingOrder(tx, order.id);
  },

  async onRefunded(tx, payment) {
    const order = await lockOrder(tx, payment);
    const open: OrderStatus[] = ["AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH"];
    if (!open.includes(order.status)) return;
    await transitionOrder(tx, order, { from: open, to: "REFUNDED", events: ["refunded"] });
    await releaseStock(tx, await tx.orderLine.findMany({ where: { orderId: order.id }, select: { productId: true, stockUnits: true } }));
  },
};

registerPaymentPurpose("ORDER", orderPaymentHandler);

async function lockOrder(tx: Tx, payment: LockedPayment): Promise<LockedOrder> {
  const [order] = await tx.$queryRaw<LockedOrder[]>`
    SELECT id::text, reference, email, ship_name AS "shipName", total_pence AS "totalPence", status::text AS status,
           needs_review AS "needsReview", user_id::text AS "userId", guest_key_hash AS "guestKeyHash", discount_code_id::text AS "discountCodeId"
    FROM orders WHERE payment_id = ${payment.id}::uuid FOR UPDATE`;
  if (!order) throw new AppError("internal", `Payment ${payment.id} pays for no order.`);
  return order;
}

/** The first-order rule again, now that the payment is here: no other paid order of this customer. */
async function stillFirstOrder(tx: Tx, order: LockedOrder): Promise<boolean> {
  return (await paidOrdersBefore(tx, { userId: order.userId, email: order.email }, order.id)) === 0;
}

/** A closed order paid late: hold its stock and code again, or report that it cannot be supplied. */
async function reclaim(tx: Tx, order: LockedOrder): Promise<boolean> {
  const lines = await tx.orderLine.findMany({ where: { orderId: order.id }, select: { productId: true, stockUnits: true } });
  await tx.$executeRaw`SAVEPOINT reclaim_order`;
  const soldOut = await reserveStock(tx, lines);
  const code = order.discountCodeId
    ? await tx.discountCode.findUnique({ where: { id: order.discountCodeId }, select: { id: true, code: true, kind: true, percentOff: true } })
    : null;
  const codeHeld = !code || (await holdDiscount(tx, { codeId: code.id, code: code.code, percentOff: code.percentOff, redemptionKey: redemptionKeyFor(code.kind, code.id, order.email) }, order.id));
  if (soldOut || !codeHeld) {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT reclaim_order`;
    return false;
  }
  await tx.$executeRaw`RELEASE SAVEPOINT reclaim_order`;
  return true;
}

/** The lines this order bought leave the owner's cart (anything added since stays). */
async function clearOrderedLines(tx: Tx, order: LockedOrder) {
  const cart = ownerOfRow(order);
  if (!cart) return;
  const lines = await tx.orderLine.findMany({ where: { orderId: order.id }, select: { productId: true } });
  await tx.cartItem.deleteMany({ where: { cart, productId: { in: lines.map((line) => line.productId) } } });
}
