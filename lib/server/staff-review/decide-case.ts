import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { assertHoldsClaim } from "./claim-rules";
import { withCaseLock } from "./lock-case";
import { assertNotOwnCase, auditingOwnCaseRefusal } from "./own-case";
import type { LockedCase, ReviewKind } from "./types";

/**
 * Runs a decision in one transaction under the record's lock, for the claim's holder only
 * (409 otherwise): of two simultaneous decisions exactly one is made, the other sees it and
 * gets 409. Never for the caller's own record (403, audited), even under a claim they took
 * before the rule or by any other way.
 */
export async function decideCase<T extends LockedCase, R>(actor: StaffActor, kind: ReviewKind<T>, id: string, work: (tx: Tx, found: T) => Promise<R>): Promise<R> {
  return auditingOwnCaseRefusal(actor, kind, id, "decision", () =>
    withCaseLock(kind, id, async (tx, found) => {
      assertNotOwnCase(actor, kind, found);
      assertHoldsClaim(found, actor.user.id, kind.policy);
      return work(tx, found);
    }),
  );
}
