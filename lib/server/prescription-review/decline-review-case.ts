import "server-only";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { AppError } from "@/lib/server/errors/app-error";
import { prescriptionDeclinedMail } from "@/lib/server/mail/prescription-templates";
import { sendMail } from "@/lib/server/mail/send-mail";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { refundInFull } from "@/lib/server/payments/apply-checkout-session";
import { lockPayment } from "@/lib/server/payments/payment-records";
import { describeError } from "@/lib/server/payments/stripe-client";
import type { DeclinePrescriptionInput } from "@/lib/validation/prescription-review";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionReview } from "./review-kind";
import { logger } from "@/lib/server/log/logger";

export type DeclineResult = { id: string; reference: string; status: "DECLINED" };

/**
 * Declines a case the caller holds and refunds the fee in full, in one transaction: the
 * refund is requested with an idempotency key per payment (a retry after a rollback cannot
 * refund twice), then the case is DECLINED with its reason (shown in the patient's account,
 * never emailed), the patient emailed and the decision audited.
 * Locks the case, then its payment, before calling the provider: the charge.refunded
 * webhook that the refund triggers waits for this commit and then finds nothing to do.
 */
export async function declineReviewCase(actor: StaffActor, id: string, input: DeclinePrescriptionInput): Promise<DeclineResult> {
  assertReviewer(actor);
  return decideCase(actor, prescriptionReview, id, async (tx, found) => {
      const payment = await lockPayment(tx, found.paymentId);
      if (!payment || (payment.status !== "PAID" && payment.status !== "REFUNDED")) {
        throw new AppError("conflict", "This request's payment is not settled, so it cannot be refunded. Try again later.");
      }
      try {
        await refundInFull(tx, payment.id, payment.paymentIntentId);
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error(`Refund for payment ${payment.id} failed: ${describeError(error)}`);
        throw new AppError("bad_gateway", "The refund could not be made just now, so the request was not declined. Please try again.");
      }
      const now = new Date();
      await tx.prescriptionRequest.update({ where: { id }, data: { status: "DECLINED", declineReason: input.reason, decidedAt: now, decidedById: actor.user.id } });
      await sendMail(prescriptionDeclinedMail(found), tx);
      await recordAuditEvent({ actor, action: "prescription.declined", subjectType: "prescription_request", subjectId: id, detail: { reference: found.reference, refunded: true } }, tx);
      return { id, reference: found.reference, status: "DECLINED" as const };
    });
}
