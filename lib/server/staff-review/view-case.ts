import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { LockedCase, ReviewKind } from "./types";

/**
 * An audited view of a record's health data: `read` loads it (null: staff may not see it, 404),
 * and the view is written to the audit log in the same transaction, before anything is returned.
 */
export async function viewCase<T extends LockedCase, R extends { reference: string }>(
  actor: StaffActor,
  kind: ReviewKind<T>,
  id: string,
  read: (tx: Tx) => Promise<R | null>,
): Promise<R> {
  return db.$transaction(async (tx) => {
    const found = await read(tx);
    if (!found) throw new AppError("not_found", kind.notFound);
    await recordAuditEvent({ actor, action: kind.audit.viewed, subjectType: kind.subjectType, subjectId: id, detail: { reference: found.reference } }, tx);
    return found;
  });
}
