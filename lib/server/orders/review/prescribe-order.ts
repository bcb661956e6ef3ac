import "server-only";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { supplyChecksAuditDetail } from "@/lib/server/supply-checks/audit-detail";
import { assertSupplyAllowed, CHECKS_BEFORE_PRESCRIBING } from "@/lib/server/supply-checks/evaluate";
import { orderSupplySubject } from "@/lib/server/supply-checks/load-subject";
import type { PrescribeOrderInput } from "@/lib/validation/order-review";
import { ORDER_PRESCRIBER_ROLES, orderReview } from "./order-review-kind";
import type { OrderActionResult } from "./types";

const NOT_A_PRESCRIBER = "Only a prescriber can prescribe an order's medicines.";
export const NOTHING_TO_PRESCRIBE = "This order has no prescription-only medicine waiting for a prescriber.";
export const NO_ORDER_REGISTRATION = "Add your registration number before prescribing.";

/**
 * A prescriber authorises the order's prescription-only lines (Human Medicines Regulations
 * 2012, reg 214: supplied only against an appropriate practitioner's prescription), for the
 * claim's holder, under the order's lock, once identity, weight and GP consent are met: the
 * authorisation row with the prescriber's name and registration as they are now, the claim
 * released for the pharmacist who dispenses, and the audit, in one transaction. The order stays
 * AWAITING_PHARMACIST: the patient's status does not change.
 */
export async function prescribeOrder(actor: StaffActor, id: string, input: PrescribeOrderInput): Promise<OrderActionResult> {
  // Defence in depth behind the route's role check.
  if (!isStaff(actor, ORDER_PRESCRIBER_ROLES)) throw new AppError("forbidden", NOT_A_PRESCRIBER);
  return decideCase(actor, orderReview, id, async (tx, order) => {
    if (!order.awaitingPrescriber) throw new AppError("conflict", NOTHING_TO_PRESCRIBE);
    const prescriber = await tx.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { name: true, staffProfile: { select: { registrationBody: true, registrationNumber: true } } } });
    const profile = prescriber.staffProfile;
    if (!profile?.registrationBody.trim() || !profile.registrationNumber.trim()) throw new AppError("validation_failed", NO_ORDER_REGISTRATION);
    const checks = await assertSupplyAllowed(tx, await orderSupplySubject(tx, id), CHECKS_BEFORE_PRESCRIBING);
    await tx.orderPrescription.create({
      data: {
        orderId: id,
        prescriberId: actor.user.id,
        prescriberName: prescriber.name,
        prescriberRegistration: `${profile.registrationBody.trim()} ${profile.registrationNumber.trim()}`,
        directions: input.directions,
      },
    });
    await orderReview.writeClaim(tx, id, null);
    await recordAuditEvent({ actor, action: "order.prescribed", subjectType: "order", subjectId: id, detail: { reference: order.reference, ...supplyChecksAuditDetail(checks) } }, tx);
    return { id, reference: order.reference, status: order.status, message: `${order.reference} is prescribed. A pharmacist will dispense it.` };
  });
}
