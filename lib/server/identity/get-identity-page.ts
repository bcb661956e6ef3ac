import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { withinRateLimit } from "@/lib/server/services/rate-limit/within-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { findIdentityTask } from "./find-identity-task";
import { syncIdentityVerification } from "./sync-identity-verification";
import type { IdentityPageView } from "./types";

/**
 * The patient's identity page. Back from the provider (`returned`), the open check is re-read
 * from the provider (the return link itself proves nothing), within a per-account budget;
 * past it, the page shows what the webhooks recorded.
 */
export async function getIdentityPage(actor: AccountActor, { returned }: { returned: boolean }): Promise<IdentityPageView> {
  const userId = actor.user.id;
  if (returned) {
    const open = await db.identityVerification.findFirst({ where: { userId, status: { in: ["REQUIRES_INPUT", "PROCESSING"] } }, orderBy: { createdAt: "desc" }, select: { providerSessionId: true } });
    if (open && (await withinRateLimit(rateLimits.identityReturnLookupPerAccount, userId))) await syncIdentityVerification(open.providerSessionId);
  }
  const [verified, latest, task] = await Promise.all([
    db.identityVerification.findFirst({ where: { userId, status: "VERIFIED" }, orderBy: { verifiedAt: "desc" }, select: { firstName: true, lastName: true, dateOfBirth: true, verifiedAt: true } }),
    db.identityVerification.findFirst({ where: { userId }, orderBy: { createdAt: "desc" }, select: { status: true, lastErrorReason: true, createdAt: true } }),
    findIdentityTask(actor),
  ]);
  const hasVerified = verified?.firstName && verified.lastName && verified.dateOfBirth && verified.verifiedAt;
  return {
    verified: hasVerified ? { name: `${verified.firstName} ${verified.lastName}`, dateOfBirth: verified.dateOfBirth!, verifiedAt: verified.verifiedAt!.toISOString() } : null,
    attempt: latest && latest.status !== "VERIFIED" ? { status: latest.status, lastError: latest.status === "REQUIRES_INPUT" ? latest.lastErrorReason : null } : null,
    task,
  };
}
