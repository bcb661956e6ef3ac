import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

const NOT_HELD = "Claim this order before recording a decision on it.";

/**
 * The clinician deciding an order records why supplying a "GP consent required" medicine is
 * still appropriate without the patient's consent to tell their GP (GPhC guidance for
 * registered pharmacies providing pharmacy services at a distance, February 2025: where the
 * patient does not consent to sharing with their GP, the prescriber must decide whether to
 * supply and record the reasons). Only the claim holder of an order still under review;
 * the reason stays with the order (staff only) and the event is audited (not its text).
 */
export async function recordGpConsentOverride(actor: StaffActor, orderId: string, reason: string): Promise<{ message: string }> {
  return db.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: orderId }, select: { reference: true, claimedById: true, decidedAt: true } });
    if (!order) throw new AppError("not_found", "We could not find that order.");
    if (order.decidedAt) throw new AppError("conflict", "This order has already been decided.");
    if (order.claimedById !== actor.user.id) throw new AppError("conflict", NOT_HELD);
    await tx.gpConsentOverride.create({ data: { subjectType: "order", subjectId: orderId, reason, recordedById: actor.user.id, recordedByName: actor.user.name } });
    await recordAuditEvent({ actor, action: "gp_consent.override_recorded", subjectType: "order", subjectId: orderId, detail: { reference: order.reference } }, tx);
    return { message: `Your reason is recorded: ${order.reference} may be supplied without the GP being told.` };
  });
}
