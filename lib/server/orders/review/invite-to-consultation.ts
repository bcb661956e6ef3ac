import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { verifiedOwnerOf } from "@/lib/server/core/actor/verified-owner";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkVerifiedEmail } from "@/lib/server/guest/link-verified-email";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import type { InviteOrderInput } from "@/lib/validation/order-review";
import { transitionOrder } from "../order-events";
import { orderReview } from "./order-review-kind";
import type { OrderActionResult } from "./types";
import { millisecondsInDay } from "date-fns/constants";

const INVITATION_DAYS = 14;

/**
 * Invites the patient to a consultation with the fee waived (consultation_invitations, used
 * through POST /api/bookings); the order waits, and the patient is emailed at the order's
 * address. The invitation is the order's account's. A guest's order joins an account only
 * through the guest's own id (at sign-in) or an account that has verified the order's email
 * (now, if one has; otherwise when one does, lib/server/guest/link-verified-email.ts): until
 * then the invitation goes by email only, never to an unverified account that merely typed
 * the address (issue 22, finding 1). For the claim's holder.
 */
export async function inviteToConsultation(actor: StaffActor, id: string, input: InviteOrderInput): Promise<OrderActionResult> {
  return decideCase(actor, orderReview, id, async (tx, order) => {
    if (order.status !== "AWAITING_PHARMACIST") throw new AppError("conflict", "The patient has already been invited to a consultation for this order.");
    const type = await tx.consultationType.findUnique({ where: { slug: input.consultation_type }, select: { id: true, name: true } });
    if (!type) throw new AppError("validation_failed", "Choose the kind of consultation.", { consultation_type: ["Choose the kind of consultation."] });
    await tx.consultationInvitation.create({
      data: { userId: order.userId, orderId: id, consultationTypeId: type.id, feeWaived: true, note: input.note, expiresAt: new Date(Date.now() + INVITATION_DAYS * millisecondsInDay) },
    });
    await transitionOrder(tx, order, { from: ["AWAITING_PHARMACIST"], to: "CONSULTATION_INVITED", events: ["consultation_invited"], data: { claimedById: null, claimedAt: null } });
    await recordAuditEvent({ actor, action: "order.invited", subjectType: "order", subjectId: id, detail: { reference: order.reference, consultation_type: input.consultation_type } }, tx);
    const verifiedOwner = order.userId ? null : await verifiedOwnerOf(tx, order.email);
    if (verifiedOwner) await linkVerifiedEmail(tx, { userId: verifiedOwner, email: order.email }, "order_invitation", actor);
    return { id, reference: order.reference, status: "CONSULTATION_INVITED", message: `${order.reference}: the patient is invited to a free ${type.name.toLowerCase()}.` };
  });
}
