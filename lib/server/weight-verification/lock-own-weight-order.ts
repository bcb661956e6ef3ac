import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { weightMedicine } from "./read-weight-state";

export const ORDER_NOT_FOUND = "We could not find that order.";
/** The statuses in which the pharmacist has not decided yet, so evidence can still count. */
const WAITING = ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"] as const;

/**
 * The actor's own paid order that needs a verified weight, locked for the transaction (the same
 * row lock the pharmacist's decisions take, so evidence and a decision are serialised). 404 for
 * anyone else's order; 409 when no weight check is needed or the order is no longer waiting.
 */
export async function lockOwnWeightOrder(tx: Tx, actor: Actor, reference: string): Promise<{ id: string; reference: string; medicine: string }> {
  const found = await tx.order.findFirst({ where: { reference, paidAt: { not: null }, ...ownedBy(actor) }, select: { id: true } });
  if (!found) throw new AppError("not_found", ORDER_NOT_FOUND);
  await tx.$queryRaw`SELECT id FROM orders WHERE id = ${found.id}::uuid FOR UPDATE`;
  const order = await tx.order.findUniqueOrThrow({ where: { id: found.id }, select: { id: true, reference: true, status: true, checkInId: true } });
  if (order.checkInId) throw new AppError("conflict", "Your weight for this order was verified at your check-in, so no other photo is needed.");
  const medicine = await weightMedicine(tx, order.id);
  if (!medicine) throw new AppError("conflict", "This order does not need a weight check.");
  if (!(WAITING as readonly string[]).includes(order.status)) throw new AppError("conflict", "Our pharmacist has already reviewed this order, so no weight check is needed now.");
  if (await tx.weightVerification.findFirst({ where: { orderId: order.id, passed: true }, select: { id: true } })) {
    throw new AppError("conflict", "Your weight for this order has already been verified.");
  }
  return { id: order.id, reference: order.reference, medicine };
}
