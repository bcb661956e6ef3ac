import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { prescriptionDeclinedMail } from "@/lib/server/prescriptions/prescription-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { refundForDecline } from "@/lib/server/services/payments/refund-for-decline";
import type { DeclinePrescriptionInput } from "@/lib/validation/prescription-review";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionReview } from "./review-kind";

export type DeclineResult = { id: string; reference: string; status: "DECLINED" };

/**
 * Declines a case the caller holds and refunds the fee in full, in one transaction: the
 * refund first (refundForDecline: the case is locked, then its payment, before the provider
 * is called), then the case is DECLINED with its reason (shown in the patient's account,
 * never emailed), the patient emailed and the decision audited.
 */
export async function declineReviewCase(actor: StaffActor, id: string, input: DeclinePrescriptionInput): Promise<DeclineResult> {
  assertReviewer(actor);
  return decideCase(actor, prescriptionReview, id, async (tx, found) => {
      await refundForDecline(tx, found.paymentId, "request");
      const now = new Date();
      await tx.prescriptionRequest.update({ where: { id }, data: { status: "DECLINED", declineReason: input.reason, decidedAt: now, decidedById: actor.user.id } });
      await sendMail(prescriptionDeclinedMail(found), tx);
      await recordAuditEvent({ actor, action: "prescription.declined", subjectType: "prescription_request", subjectId: id, detail: { reference: found.reference, refunded: true } }, tx);
      return { id, reference: found.reference, status: "DECLINED" as const };
    });
}
