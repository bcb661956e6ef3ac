import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { isOwnCase } from "./claim-rules";
import type { LockedCase, ReviewKind } from "./types";

/** What the refused member of staff tried to do, as the audit log records it. */
export type OwnCaseAttempt = "claim" | "decision";

/** The 403 for one's own record, carrying what the refusal's audit row names. */
class OwnCaseRefused extends AppError {
  constructor(
    message: string,
    readonly reference: string,
  ) {
    super("forbidden", message);
  }
}

/**
 * Throws 403 when `actor` asked for the record themselves (claimRules' isOwnCase). Call it
 * under the row lock, on the row as read there, before any write.
 */
export function assertNotOwnCase<T extends LockedCase>(actor: StaffActor, kind: ReviewKind<T>, found: T): void {
  if (isOwnCase(found, actor.user)) throw new OwnCaseRefused(kind.policy.ownCase, found.reference);
}

/**
 * Runs a claim or decision; when it is refused as the actor's own record, the refusal is
 * audited in a transaction of its own (the refused one rolls back) before the 403 goes on.
 */
export async function auditingOwnCaseRefusal<T extends LockedCase, R>(actor: StaffActor, kind: ReviewKind<T>, id: string, attempt: OwnCaseAttempt, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OwnCaseRefused) {
      await recordAuditEvent({ actor, action: kind.audit.ownCaseRefused, subjectType: kind.subjectType, subjectId: id, detail: { reference: error.reference, attempted: attempt } }, db);
    }
    throw error;
  }
}
