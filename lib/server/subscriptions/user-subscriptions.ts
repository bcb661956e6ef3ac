import "server-only";
import { LIVE_STATUSES, type SubscriptionStatusValue, type UserSubscription } from "@/lib/subscriptions/subscription-view";
import { ownedBy } from "@/lib/server/actor/owned-by";
import type { Actor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";

export const subscriptionSelect = {
  id: true,
  stripeSubscriptionId: true,
  pricePence: true,
  durationMonths: true,
  status: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  collectionPaused: true,
  resumesAt: true,
  createdAt: true,
  plan: { select: { name: true, treatmentType: { select: { slug: true } } } },
} as const;

type Row = {
  id: string;
  stripeSubscriptionId: string;
  pricePence: number;
  durationMonths: number;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  collectionPaused: boolean;
  resumesAt: Date | null;
  createdAt: Date;
  plan: { name: string; treatmentType: { slug: string } };
};

/** The API's shape (spec section 3, "User subscription", plus what the page needs to say what happens next). */
export function toUserSubscription(row: Row): UserSubscription {
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
    paused: row.collectionPaused && row.resumesAt === null,
    skipped_until: row.collectionPaused && row.resumesAt ? row.resumesAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
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
