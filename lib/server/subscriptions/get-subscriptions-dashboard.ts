import "server-only";
import type { UserSubscription } from "@/lib/subscriptions/subscription-view";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { listFeaturedTreatmentTypes } from "@/lib/server/catalogue/list-featured-treatment-types";
import { listPlanOffers } from "@/lib/server/catalogue/list-plan-offers";
import type { PlanOffer } from "@/lib/server/catalogue/types";
import { listUserSubscriptions } from "./user-subscriptions";

export type SubscriptionsDashboard = {
  /** The patient's own subscriptions, newest first, as GET /api/user-subscriptions answers them. */
  subscriptions: UserSubscription[];
  /** The treatment types whose plans are offered, as GET /api/plans?treatment_type= keys. */
  planTreatmentTypes: string[];
  /** Their active plans, as GET /api/plans answers them, type by type. */
  plans: PlanOffer[];
};

/**
 * Dashboard → Subscriptions: the patient's subscriptions and the plans that go with them.
 * The plans are those of the treatments the patient subscribes (or subscribed) to, newest
 * first, so they can change length or start again; a patient without any is offered the
 * featured treatments' plans (the hair-loss treatments the shop leads with).
 */
export async function getSubscriptionsDashboard(actor: AccountActor): Promise<SubscriptionsDashboard> {
  const subscriptions = await listUserSubscriptions(actor);
  const own = [...new Set(subscriptions.map((subscription) => subscription.treatment_type))];
  const planTreatmentTypes = own.length ? own : await listFeaturedTreatmentTypes();
  const plans = (await Promise.all(planTreatmentTypes.map(listPlanOffers))).flat();
  return { subscriptions, planTreatmentTypes, plans };
}
