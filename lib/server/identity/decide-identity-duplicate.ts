import "server-only";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import type { StaffActor, StaffRole } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import type { IdentityDuplicateDecision } from "@/lib/server/core/db/generated/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { findIdentityDuplicates, orderedPair } from "./find-identity-duplicates";

/** Whoever decides a supply decides a duplicate in its way: prescribers, pharmacists, admins. */
export const IDENTITY_REVIEWER_ROLES = ["PRESCRIBER", "PHARMACIST", "ADMIN"] as const satisfies readonly StaffRole[];

const NOT_FLAGGED = "These two accounts are not flagged as the same person.";

/**
 * Records a reviewer's decision on two accounts flagged as one person (a later decision replaces
 * an earlier one), audited in the same transaction. Only a pair the identity check flags can be
 * decided: the decision is about evidence the reviewer saw.
 */
export async function decideIdentityDuplicate(actor: StaffActor, input: { userId: string; otherUserId: string; decision: IdentityDuplicateDecision; note: string }) {
  if (!isStaff(actor, IDENTITY_REVIEWER_ROLES)) throw new AppError("forbidden", "You do not have access to this area.");
  if (input.userId === input.otherUserId) throw new AppError("validation_failed", NOT_FLAGGED);
  return db.$transaction(async (tx) => {
    const flagged = await findIdentityDuplicates(tx, input.userId);
    if (!flagged.some((duplicate) => duplicate.userId === input.otherUserId)) throw new AppError("not_found", NOT_FLAGGED);
    const pair = orderedPair(input.userId, input.otherUserId);
    const decided = { decision: input.decision, note: input.note, decidedById: actor.user.id, decidedAt: new Date() };
    await tx.identityDuplicateReview.upsert({ where: { firstUserId_secondUserId: pair }, create: { ...pair, ...decided }, update: decided });
    await recordAuditEvent(
      { actor, action: "identity.duplicate_decided", subjectType: "user", subjectId: input.userId, detail: { other_user: input.otherUserId, decision: input.decision } },
      tx,
    );
    return { decision: input.decision };
  });
}
