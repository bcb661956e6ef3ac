import type { UserSubscription } from "@/lib/subscriptions/subscription-view";

/** A subscription as GET /api/user-subscriptions answers it: running, renewing on 24 December 2026. */
export function makeUserSubscription(overrides: Partial<UserSubscription> = {}): UserSubscription {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    stripe_subscription_id: "sub_test123",
    treatment_type: "minoxidil",
    plan_name: "Minoxidil 1 month",
    price: 29.99,
    duration: 1,
    status: "active",
    current_period_end: "2026-12-24T10:00:00.000Z",
    cancel_at_period_end: false,
    paused: false,
    skipped_until: null,
    created_at: "2026-11-24T10:00:00.000Z",
    check_in: null,
    ...overrides,
  };
}
