import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { releaseDiscount } from "@/lib/server/discounts/resolve-discount";
import { transitionOrder } from "./order-events";
import { releaseStock } from "./stock";

/**
 * Closes an unpaid order (its checkout lapsed, failed or was replaced by a newer one) and gives
 * back what it held: its stock and its discount code. Does nothing to an order that is no
 * longer awaiting payment. Runs inside the caller's transaction.
 */
export async function cancelPendingOrder(tx: Tx, orderId: string): Promise<boolean> {
  const [order] = await tx.$queryRaw<{ id: string; reference: string; email: string; shipName: string; totalPence: number; status: string }[]>`
    SELECT id::text, reference, email, ship_name AS "shipName", total_pence AS "totalPence", status::text AS status
    FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  if (!order || order.status !== "PENDING_PAYMENT") return false;
  const moved = await transitionOrder(tx, order, { from: ["PENDING_PAYMENT"], to: "CANCELLED", events: ["cancelled"] });
  if (!moved) return false;
  await releaseOrderHolds(tx, orderId);
  return true;
}

/** Gives back the stock and the discount code an order awaiting payment held. */
export async function releaseOrderHolds(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx.orderLine.findMany({ where: { orderId }, select: { productId: true, stockUnits: true } });
  await releaseStock(tx, lines);
  await releaseDiscount(tx, orderId);
}
