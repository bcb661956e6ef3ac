import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { assertHoldsClaim } from "./claim-rules";
import { withCaseLock } from "./lock-case";
import type { LockedCase, ReviewKind } from "./types";

/** Gives the record back to the queue, under its lock. Only the claim's holder may. Returns the record as it was. */
export async function releaseCase<T extends LockedCase>(actor: StaffActor, kind: ReviewKind<T>, id: string): Promise<T> {
  return withCaseLock(kind, id, async (tx, found) => {
    assertHoldsClaim(found, actor.user.id, kind.policy);
    await kind.writeClaim(tx, id, null);
    await recordAuditEvent({ actor, action: kind.audit.released, subjectType: kind.subjectType, subjectId: id, detail: { reference: found.reference } }, tx);
    return found;
  });
}
