import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { prescriptionInReviewMail } from "@/lib/server/prescriptions/prescription-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { claimCase } from "@/lib/server/staff-review/claim-case";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionReview } from "./review-kind";

export type ClaimResult = { id: string; reference: string; status: "IN_REVIEW"; claimedAt: string };

/** Takes the case for review (the staff-review claim: one prescriber at a time, a stale claim taken over). */
export async function claimReviewCase(actor: StaffActor, id: string): Promise<ClaimResult> {
  assertReviewer(actor);
  const { found, claimedAt } = await claimCase(actor, prescriptionReview, id, async (tx, found) => {
    // The patient hears of each change of status (submitted → in review), never of a re-claim.
    if (found.status === "SUBMITTED") await sendMail(prescriptionInReviewMail(found), tx);
  });
  return { id, reference: found.reference, status: "IN_REVIEW", claimedAt: claimedAt.toISOString() };
}
