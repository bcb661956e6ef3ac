import "server-only";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { AppError } from "@/lib/server/errors/app-error";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import type { InviteOrderInput } from "@/lib/validation/order-review";
import { transitionOrder } from "../order-events";
import { orderReview } from "./order-review-kind";
import type { OrderActionResult } from "./types";

export const INVITATION_DAYS = 14;

/**
 * Invites the patient to a consultation with the fee waived (consultation_invitations, used
 * through POST /api/bookings); the order waits. The invitation needs the patient's account:
 * the order's, or the account registered with the order's email. For the claim's holder.
 */
export async function inviteToConsultation(actor: StaffActor, id: string, input: InviteOrderInput): Promise<OrderActionResult> {
  return decideCase(actor, orderReview, id, async (tx, order) => {
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
  });
}
