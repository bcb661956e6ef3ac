import "server-only";
import { env } from "@/lib/env";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { checkInReferredMail } from "@/lib/server/subscriptions/check-in-gate/check-in-mail";
import type { ReferCheckInInput } from "@/lib/validation/check-ins";
import { assertCheckInReviewer } from "./claim-check-in";
import { checkInReview } from "./check-in-review-kind";
import type { CheckInActionResult } from "./types";
import { millisecondsInDay } from "date-fns/constants";

/** The consultation a referred check-in invites the patient to, fee waived. */
const REFERRAL_CONSULTATION = "doctor-consultation";
const REFERRAL_INVITATION_DAYS = 14;

/**
 * The prescriber wants to talk to the patient before another supply: the check-in is
 * REFERRED, the renewal stays unpaid (the pause stays on), and the patient gets a fee-waived
 * consultation invitation (consultation_invitations, not bound to an order; booked through
 * /dashboard/consultations/invited/{id}). The prescriber's note stays in the record. Claim holder only.
 */
export async function referCheckIn(actor: StaffActor, id: string, input: ReferCheckInInput): Promise<CheckInActionResult> {
  assertCheckInReviewer(actor);
  return decideCase(actor, checkInReview, id, async (tx, found) => {
    const type = await tx.consultationType.findUnique({ where: { slug: REFERRAL_CONSULTATION }, select: { id: true } });
    if (!type) throw new AppError("conflict", "The doctor consultation is not set up in the catalogue, so no invitation can be sent.");
    const now = new Date();
    await tx.checkIn.update({ where: { id }, data: { status: "REFERRED", decidedById: actor.user.id, decidedAt: now, decisionNote: input.note, claimedById: null, claimedAt: null } });
    const sub = await tx.subscription.findUniqueOrThrow({ where: { id: found.subscriptionId }, select: { email: true, plan: { select: { name: true } } } });
    // A guest's invitation cannot be booked until they have an account: their email says to contact us.
    const invitation = found.userId
      ? await tx.consultationInvitation.create({
          data: { userId: found.userId, consultationTypeId: type.id, feeWaived: true, note: "Your prescriber would like to speak with you before your next supply.", expiresAt: new Date(now.getTime() + REFERRAL_INVITATION_DAYS * millisecondsInDay) },
          select: { id: true },
        })
      : null;
    await sendMail(checkInReferredMail({ email: sub.email, planName: sub.plan.name }, invitation ? `${env().SITE_URL}/dashboard/consultations/invited/${invitation.id}` : null), tx);
    await recordAuditEvent({ actor, action: "check_in.referred", subjectType: "check_in", subjectId: id, detail: { reference: found.reference, invitation: invitation?.id ?? null } }, tx);
    return { id, reference: found.reference, status: "REFERRED", message: `${found.reference}: the patient is invited to a free consultation; the renewal stays unpaid.` };
  });
}
