import "server-only";
import { z } from "zod";
import { db } from "@/lib/server/core/db/client";
import { defineJob } from "@/lib/server/services/jobs/define-job";
import { applySubscription } from "@/lib/server/subscriptions/sync-subscription";

/**
 * The safety net behind an approval: queued with the decision, a minute later it syncs the
 * subscription, which lifts the check-in's pause at Stripe if the approval's own sync could
 * not (the payment provider unreachable). Safe to run twice: the gate records the release
 * (check_ins.released_at) and does nothing once it is done.
 */
export const releaseCheckInJob = defineJob(
  "check-in.release",
  z.object({ checkInId: z.uuid() }),
  async ({ checkInId }) => {
    const row = await db.checkIn.findUnique({ where: { id: checkInId }, select: { status: true, releasedAt: true, subscription: { select: { stripeSubscriptionId: true } } } });
    if (!row || row.status !== "APPROVED" || row.releasedAt) return { result: "nothing to do" };
    await applySubscription(row.subscription.stripeSubscriptionId);
    return { result: "synced" };
  },
  { retryLimit: 8, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60, concurrency: 1 },
);
