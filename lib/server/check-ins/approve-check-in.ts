import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { recordCheckInWeight } from "@/lib/server/weight-verification/record-check-in-weight";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { logger } from "@/lib/server/core/log/logger";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { describeError } from "@/lib/server/services/payments/stripe-client";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { checkInApprovedMail } from "@/lib/server/subscriptions/check-in-gate/check-in-mail";
import { applySubscription } from "@/lib/server/subscriptions/sync-subscription";
import type { ApproveCheckInInput } from "@/lib/validation/check-ins";
import { approvedDoseOf } from "./check-in-dose";
import { assertCheckInReviewer } from "./claim-check-in";
import { checkInReview } from "./check-in-review-kind";
import { releaseCheckInJob } from "./release-check-in-job";
import type { CheckInActionResult } from "./types";

/**
 * The prescriber confirms the repeat supply is still appropriate (GPhC distance-pharmacy
 * guidance, February 2025, repeat supplies). The decision commits first; then the
 * subscription's sync lifts the pause at Stripe (check-in-gate.ts): before the renewal date
 * the renewal is charged as usual; after it (the renewal was voided) it is charged now. Either
 * way exactly one invoice and one order follow, the order naming this check-in. Claim holder only.
 */
export async function approveCheckIn(actor: StaffActor, id: string, input: ApproveCheckInInput): Promise<CheckInActionResult> {
  assertCheckInReviewer(actor);
  const decided = await decideCase(actor, checkInReview, id, async (tx, found) => {
    const now = new Date();
    const sub = await tx.subscription.findUniqueOrThrow({
      where: { id: found.subscriptionId },
      select: { stripeSubscriptionId: true, email: true, pricePence: true, currentPeriodEnd: true, plan: { select: { name: true } }, assessmentId: true, product: { select: { slug: true, requiresWeightVerification: true } } },
    });
    // A weight-loss medicine: the weight the approver read on the check-in's scales photo (GPhC, February 2025, weight management).
    if (sub.product.requiresWeightVerification) {
      await recordCheckInWeight(tx, actor, { checkInId: id, reference: found.reference, userId: found.userId, assessmentId: sub.assessmentId }, input.weight_kg);
    }
    const asked = await tx.checkIn.findUniqueOrThrow({ where: { id }, select: { dose: true, requestedDose: true } });
    // The next dose: the same or one step up from the check-in's (Mounjaro SmPC 4.2); the subscription supplies it from now on.
    const next = approvedDoseOf(sub.product.slug, asked, input.dose);
    await tx.checkIn.update({
      where: { id },
      data: { status: "APPROVED", decidedById: actor.user.id, decidedAt: now, decisionNote: input.note, claimedById: null, claimedAt: null, approvedDose: next?.dose ?? null },
    });
    if (next) await tx.subscription.update({ where: { id: found.subscriptionId }, data: { dose: next.dose } });
    const onTime = sub.currentPeriodEnd?.getTime() === found.periodEnd.getTime() && found.periodEnd.getTime() > now.getTime();
    await sendMail(checkInApprovedMail({ email: sub.email, planName: sub.plan.name, pricePence: sub.pricePence }, onTime ? found.periodEnd : null), tx);
    await enqueueJob(releaseCheckInJob, { checkInId: id }, { tx, startAfter: new Date(now.getTime() + 60_000) });
    await recordAuditEvent({ actor, action: "check_in.approved", subjectType: "check_in", subjectId: id, detail: { reference: found.reference, late: !onTime, ...(next ? { dose_step: next.step } : {}) } }, tx);
    return { reference: found.reference, stripeId: sub.stripeSubscriptionId, onTime };
  });
  try {
    await applySubscription(decided.stripeId);
  } catch (error) {
    // The approval stands; the queued check-in.release job (or any later event of the subscription) lifts the pause.
    logger.error(`Lifting the check-in pause for ${decided.reference} failed: ${describeError(error)}`);
  }
  return {
    id,
    reference: decided.reference,
    status: "APPROVED",
    message: decided.onTime ? `${decided.reference} approved: the renewal will be charged on its date.` : `${decided.reference} approved: the renewal is charged now and the order goes to the pharmacist.`,
  };
}
