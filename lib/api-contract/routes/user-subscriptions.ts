// GET /api/user-subscriptions: the signed-in patient's subscriptions (spec section 7; the
// fields of section 3's "User subscription", shaped by toUserSubscription).
import { z } from "zod";
import { boundaryErrors, defineOperations } from "../operation";

/** UserSubscription (lib/subscriptions/subscription-view.ts). */
const userSubscriptionSchema = z.strictObject({
  id: z.string(),
  stripe_subscription_id: z.string(),
  treatment_type: z.string(),
  plan_name: z.string(),
  /** Pounds per period, e.g. 29.99. */
  price: z.number(),
  /** Months per period. */
  duration: z.number().int(),
  status: z.enum(["incomplete", "incomplete_expired", "trialing", "active", "past_due", "unpaid", "canceled", "paused"]),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  paused: z.boolean(),
  skipped_until: z.string().nullable(),
  created_at: z.string(),
  /** The check-in the next supply waits for; while set, the renewal is not charged. */
  check_in: z.strictObject({ id: z.string(), status: z.enum(["due", "submitted", "missed", "referred"]), due_by: z.string() }).nullable(),
  /** A dose-ladder medicine's current dose (e.g. "5 mg"); absent for other medicines. */
  dose: z.string().optional(),
  /** Present (true) on a prescription plan, whose check-ins send progress photos. */
  progress_photos: z.literal(true).optional(),
});

export const userSubscriptionsOperations = defineOperations([
  {
    method: "get",
    path: "/api/user-subscriptions",
    summary: "The signed-in patient's subscriptions, newest first",
    tags: ["Subscriptions"],
    access: "patient",
    responses: {
      200: { description: "Every subscription the account holds, live or ended (never cached).", schema: z.strictObject({ subscriptions: z.array(userSubscriptionSchema) }) },
      ...boundaryErrors({ signedIn: true }),
    },
  },
]);
