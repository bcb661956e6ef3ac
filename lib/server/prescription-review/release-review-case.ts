import "server-only";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { assertReviewer } from "./assert-reviewer";
import { assertHoldsClaim } from "./claim-rules";
import { CASE_TRANSACTION, lockReviewCase } from "./lock-review-case";

/** Gives the case back to the queue (SUBMITTED, unclaimed). Only its holder may. */
export async function releaseReviewCase(actor: StaffActor, id: string): Promise<{ id: string; reference: string; status: "SUBMITTED" }> {
  assertReviewer(actor);
  return db.$transaction(async (tx) => {
    const found = await lockReviewCase(tx, id);
    assertHoldsClaim(found, actor.user.id);
    await tx.prescriptionRequest.update({ where: { id }, data: { status: "SUBMITTED", claimedById: null, claimedAt: null } });
    await recordAuditEvent({ actor, action: "prescription.released", subjectType: "prescription_request", subjectId: id, detail: { reference: found.reference } }, tx);
    return { id, reference: found.reference, status: "SUBMITTED" as const };
  }, CASE_TRANSACTION);
}
