import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import type { Tx } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { ORDER_NOT_FOUND } from "@/lib/validation/order-review";

/** Who reviews and dispatches shop orders. */
export const ORDER_STAFF_ROLES = ["PHARMACIST", "ADMIN"] as const;

/** A claim older than this lapses: anyone may take the order over. */
export const ORDER_CLAIM_STALE_MS = 30 * 60_000;

export type LockedOrder = {
  id: string;
  reference: string;
  status: OrderStatus;
  email: string;
  shipName: string;
  totalPence: number;
  paymentId: string;
  userId: string | null;
  /** Set for a subscription's order (one period of it). */
  subscriptionId: string | null;
  claimedById: string | null;
  claimedAt: Date | null;
  claimerName: string | null;
};

/**
 * Locks a paid order (SELECT … FOR UPDATE) for the rest of the transaction and reads it afresh
 * under the lock: every staff write takes this lock first, so two pharmacists acting at once
 * are serialised and the second sees the first's result. An unpaid order does not exist for staff.
 */
export async function lockOrder(tx: Tx, id: string): Promise<LockedOrder> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM orders WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new AppError("not_found", ORDER_NOT_FOUND);
  const row = await tx.order.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      reference: true,
      status: true,
      email: true,
      shipName: true,
      totalPence: true,
      paymentId: true,
      userId: true,
      subscriptionId: true,
      claimedById: true,
      claimedAt: true,
      paidAt: true,
      claimedBy: { select: { name: true } },
    },
  });
  if (!row.paidAt) throw new AppError("not_found", ORDER_NOT_FOUND);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as OrderStatus,
    email: row.email,
    shipName: row.shipName,
    totalPence: row.totalPence,
    paymentId: row.paymentId,
    userId: row.userId,
    subscriptionId: row.subscriptionId,
    claimedById: row.claimedById,
    claimedAt: row.claimedAt,
    claimerName: row.claimedBy?.name ?? null,
  };
}

export function isStaleOrderClaim(claimedAt: Date | null, now: Date): boolean {
  return claimedAt !== null && now.getTime() - claimedAt.getTime() > ORDER_CLAIM_STALE_MS;
}

/** Waiting for the pharmacist's decision (the only statuses a review acts on). */
export const REVIEWABLE: OrderStatus[] = ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"];

function closedMessage(status: OrderStatus): string {
  if (status === "AWAITING_DISPATCH" || status === "DISPATCHED") return "This order has already been dispensed.";
  if (status === "DECLINED") return "This order has already been declined and refunded.";
  if (status === "REFUNDED") return "This order was refunded.";
  return "This order cannot be reviewed.";
}

/** 409 unless `staffId` may claim: a reviewable order claimed by nobody, by them, or by someone whose claim lapsed. */
export function assertMayClaimOrder(order: LockedOrder, staffId: string, now: Date): void {
  if (!REVIEWABLE.includes(order.status)) throw new AppError("conflict", closedMessage(order.status));
  if (order.claimedById && order.claimedById !== staffId && !isStaleOrderClaim(order.claimedAt, now)) {
    throw new AppError("conflict", `${order.claimerName ?? "Another pharmacist"} is reviewing this order.`);
  }
}

/** 409 unless `staffId` holds the claim on a reviewable order (every decision needs it). */
export function assertHoldsOrderClaim(order: LockedOrder, staffId: string): void {
  if (!REVIEWABLE.includes(order.status)) throw new AppError("conflict", closedMessage(order.status));
  if (!order.claimedById) throw new AppError("conflict", "Claim this order before acting on it.");
  if (order.claimedById !== staffId) throw new AppError("conflict", `${order.claimerName ?? "Another pharmacist"} is reviewing this order.`);
}

/** Options for transactions that take the order lock: a decline holds it across the refund call. */
export const ORDER_TRANSACTION = { timeout: 35_000, maxWait: 10_000 } as const;
