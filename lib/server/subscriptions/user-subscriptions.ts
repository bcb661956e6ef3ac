import "server-only";
import { LIVE_STATUSES, type SubscriptionStatusValue, type UserSubscription } from "@/lib/subscriptions/subscription-view";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { OPEN_CHECK_IN } from "./check-in-gate/check-in-gate";

export const subscriptionSelect = {
  id: true,
  stripeSubscriptionId: true,
  pricePence: true,
  durationMonths: true,
  dose: true,
  status: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  collectionPaused: true,
  resumesAt: true,
  createdAt: true,
  prescriptionId: true,
  plan: { select: { name: true, treatmentType: { select: { slug: true } } } },
  // The newest check-in still holding the renewal back (check-in-gate.ts).
  checkIns: { where: { status: { in: OPEN_CHECK_IN } }, orderBy: { periodEnd: "desc" }, take: 1, select: { id: true, status: true, periodEnd: true } },
} as const;

type OpenCheckIn = { id: string; status: string; periodEnd: Date };

/** The check-in the subscription's next supply waits for, or null. */
export function awaitingCheckIn(checkIns: OpenCheckIn[]): OpenCheckIn | null {
  return checkIns[0] ?? null;
}

type Row = {
  id: string;
  stripeSubscriptionId: string;
  pricePence: number;
  durationMonths: number;
  dose: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  collectionPaused: boolean;
  resumesAt: Date | null;
  createdAt: Date;
  prescriptionId: string | null;
  plan: { name: string; treatmentType: { slug: string } };
  checkIns: OpenCheckIn[];
};

/** The API's shape (spec section 3, "User subscription", plus what the page needs to say what happens next). */
export function toUserSubscription(row: Row): UserSubscription {
  const ended = row.status === "CANCELED" || row.status === "INCOMPLETE_EXPIRED" || row.cancelAtPeriodEnd;
  const waiting = ended ? null : awaitingCheckIn(row.checkIns);
  return {
    id: row.id,
    stripe_subscription_id: row.stripeSubscriptionId,
    treatment_type: row.plan.treatmentType.slug,
    plan_name: row.plan.name,
    price: row.pricePence / 100,
    duration: row.durationMonths,
    status: row.status.toLowerCase() as SubscriptionStatusValue,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    paused: row.collectionPaused && row.resumesAt === null && !waiting,
    skipped_until: row.collectionPaused && row.resumesAt ? row.resumesAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    check_in: waiting ? { id: waiting.id, status: waiting.status.toLowerCase() as "due", due_by: waiting.periodEnd.toISOString() } : null,
    ...(row.dose ? { dose: row.dose } : {}),
    // The same rule as isHairLossCheckIn (lib/server/check-ins): a prescription plan.
    ...(row.prescriptionId ? { progress_photos: true } : {}),
  };
}

/** The caller's subscriptions, newest first. */
export async function listUserSubscriptions(actor: Actor): Promise<UserSubscription[]> {
  const rows = await db.subscription.findMany({ where: ownedBy(actor), orderBy: { createdAt: "desc" }, select: subscriptionSelect });
  return rows.map(toUserSubscription);
}

/** Whether the caller has a live plan, per treatment type that offers plans. */
export async function subscriptionStatus(actor: Actor | null): Promise<{ has_active_subscription: boolean; treatment_types: Record<string, boolean> }> {
  const types = await db.treatmentType.findMany({ where: { plans: { some: { isActive: true } } }, select: { slug: true }, orderBy: { slug: "asc" } });
  const live = actor
    ? await db.subscription.findMany({
        where: { ...ownedBy(actor), status: { in: LIVE_STATUSES.map((status) => status.toUpperCase() as "ACTIVE") } },
        select: { plan: { select: { treatmentType: { select: { slug: true } } } } },
      })
    : [];
  const liveTypes = new Set(live.map((row) => row.plan.treatmentType.slug));
  return {
    has_active_subscription: liveTypes.size > 0,
    treatment_types: Object.fromEntries(types.map(({ slug }) => [slug, liveTypes.has(slug)])),
  };
}
