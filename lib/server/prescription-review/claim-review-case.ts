import "server-only";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { prescriptionInReviewMail } from "@/lib/server/mail/prescription-templates";
import { sendMail } from "@/lib/server/mail/send-mail";
import { assertReviewer } from "./assert-reviewer";
import { assertMayClaim } from "./claim-rules";
import { CASE_TRANSACTION, lockReviewCase } from "./lock-review-case";

export type ClaimResult = { id: string; reference: string; status: "IN_REVIEW"; claimedAt: string };

/**
 * Takes the case for review under its row lock: of any number of prescribers claiming at
 * once, exactly one succeeds and the others get 409 naming them. Claiming again refreshes
 * one's own claim; a stale claim (over 30 minutes) is taken over.
 */
export async function claimReviewCase(actor: StaffActor, id: string): Promise<ClaimResult> {
  assertReviewer(actor);
  return db.$transaction(async (tx) => {
    const found = await lockReviewCase(tx, id);
    const now = new Date();
    assertMayClaim(found, actor.user.id, now);
    await tx.prescriptionRequest.update({ where: { id }, data: { status: "IN_REVIEW", claimedById: actor.user.id, claimedAt: now } });
    // The patient hears of each change of status (submitted → in review), never of a re-claim.
    if (found.status === "SUBMITTED") await sendMail(prescriptionInReviewMail(found), tx);
    const tookOver = found.claimedById !== null && found.claimedById !== actor.user.id;
    await recordAuditEvent(
      { actor, action: "prescription.claimed", subjectType: "prescription_request", subjectId: id, detail: { reference: found.reference, tookOverFrom: tookOver ? found.claimedById : null } },
      tx,
    );
    return { id, reference: found.reference, status: "IN_REVIEW" as const, claimedAt: now.toISOString() };
  }, CASE_TRANSACTION);
}
