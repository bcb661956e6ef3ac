import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { assertMayClaim } from "./claim-rules";
import { withCaseLock } from "./lock-case";
import { assertNotOwnCase, auditingOwnCaseRefusal } from "./own-case";
import type { LockedCase, ReviewKind } from "./types";

/**
 * Takes the record for review under its row lock: of any number of staff claiming at once,
 * exactly one succeeds and the others get 409 naming them. Claiming again refreshes one's own
 * claim; a stale claim is taken over (the audit names whose). A record the caller asked for
 * themselves is refused with 403, and the refusal audited (separation of duties). `after` runs in the same
 * transaction (a kind's email on the change of status). Returns the record as it was.
 */
export async function claimCase<T extends LockedCase>(
  actor: StaffActor,
  kind: ReviewKind<T>,
  id: string,
  after?: (tx: Tx, found: T, now: Date) => Promise<void>,
): Promise<{ found: T; claimedAt: Date }> {
  return auditingOwnCaseRefusal(actor, kind, id, "claim", () => withCaseLock(kind, id, async (tx, found) => {
    const now = new Date();
    assertNotOwnCase(actor, kind, found);
    assertMayClaim(found, actor.user.id, now, kind.policy);
    await kind.writeClaim(tx, id, { byId: actor.user.id, at: now });
    if (after) await after(tx, found, now);
    const tookOver = found.claimedById !== null && found.claimedById !== actor.user.id;
    await recordAuditEvent(
      { actor, action: kind.audit.claimed, subjectType: kind.subjectType, subjectId: id, detail: { reference: found.reference, tookOverFrom: tookOver ? found.claimedById : null } },
      tx,
    );
    return { found, claimedAt: now };
  }));
}
