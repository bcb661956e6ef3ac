import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { overdueAlertJob } from "@/lib/server/prescriptions/overdue-alert-job";
import { prescriptionReceivedMail, prescriptionRefundedMail } from "@/lib/server/prescriptions/prescription-mail";
import { registerPaymentPurpose } from "@/lib/server/services/payments/purpose-registry";
import type { LockedPayment, PaymentPurposeHandler } from "@/lib/server/services/payments/types";
import type { PrescriptionStatus } from "./types";

/** The review promise: a specialist decides within this long of payment. */
const REVIEW_PROMISE_HOURS = 24;

/**
 * A prescription request's reaction to its payment. Paid: the request joins the prescribers'
 * queue with its 24-hour due time (a payment that arrives after the checkout lapsed is
 * honoured too: the review can still be given) and the patient is emailed. Lapsed: an
 * unpaid request is closed. Refunded in full from outside our flows before a decision: the
 * request is closed and the patient told.
 */
const prescriptionPaymentHandler: PaymentPurposeHandler = {
  async onPaid(tx, payment) {
    const request = await lockRequest(tx, payment);
    if (request.status !== "PENDING_PAYMENT" && request.status !== "CANCELLED") return "fulfilled";
    const submittedAt = new Date();
    const dueAt = new Date(submittedAt.getTime() + REVIEW_PROMISE_HOURS * 3600_000);
    await tx.prescriptionRequest.update({ where: { id: request.id }, data: { status: "SUBMITTED", submittedAt, dueAt } });
    // Staff are alerted if it is still undecided at its due time (in this transaction: no payment, no alert).
    await enqueueJob(overdueAlertJob, { requestId: request.id }, { tx, startAfter: dueAt, singletonKey: `overdue-${request.id}` });
    await sendMail(prescriptionReceivedMail(request), tx);
    return "fulfilled";
  },

  async onLapsed(tx, payment) {
    const request = await lockRequest(tx, payment);
    if (request.status === "PENDING_PAYMENT") await tx.prescriptionRequest.update({ where: { id: request.id }, data: { status: "CANCELLED" } });
  },

  async onRefunded(tx, payment) {
    const request = await lockRequest(tx, payment);
    if (request.status === "ISSUED" || request.status === "DECLINED" || request.status === "CANCELLED") return;
    await tx.prescriptionRequest.update({ where: { id: request.id }, data: { status: "CANCELLED" } });
    await sendMail(prescriptionRefundedMail(request), tx);
  },
};

registerPaymentPurpose("PRESCRIPTION", prescriptionPaymentHandler);

type LockedRequest = { id: string; status: PrescriptionStatus; email: string; reference: string; pricePence: number; planName: string | null };

async function lockRequest(tx: Tx, payment: LockedPayment): Promise<LockedRequest> {
  const [request] = await tx.$queryRaw<LockedRequest[]>`
    SELECT r.id::text, r.status::text AS status, r.email, r.reference, r.price_pence AS "pricePence",
      (SELECT name FROM plans WHERE plans.id = r.plan_id) AS "planName"
    FROM prescription_requests r WHERE r.payment_id = ${payment.id}::uuid FOR UPDATE OF r`;
  if (!request) throw new AppError("internal", `Payment ${payment.id} pays for no prescription request.`);
  return request;
}
