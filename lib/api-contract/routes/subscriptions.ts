// The patient manages one of their subscriptions (app/api/subscriptions/{id}/*): cancel (the
// spec's "cancel subscription by id", product-decisions.md), pause, resume, skip. Owner only:
// another patient's id reads 404. Each asks Stripe first and answers the mirrored state.
import { z } from "zod";
import { subscriptionParamsSchema } from "@/lib/validation/subscriptions";
import { boundaryErrors, defineOperations, errorResponse, type Operation } from "../operation";

const iso = z.string().describe("An ISO 8601 date-time.");

/** UserSubscription (lib/subscriptions/subscription-view.ts): the spec's "User subscription" fields and ours. */
export const userSubscriptionSchema = z.strictObject({
  id: z.string(),
  stripe_subscription_id: z.string(),
  treatment_type: z.string(),
  plan_name: z.string(),
  price: z.number().describe("Pounds per period, e.g. 29.99."),
  duration: z.number().int().describe("Months per period."),
  status: z.enum(["incomplete", "incomplete_expired", "trialing", "active", "past_due", "unpaid", "canceled", "paused"]),
  current_period_end: iso.nullable(),
  cancel_at_period_end: z.boolean(),
  paused: z.boolean(),
  skipped_until: iso.nullable(),
  created_at: iso,
  check_in: z.strictObject({ id: z.string(), status: z.enum(["due", "submitted", "missed", "referred"]), due_by: iso }).nullable(),
  dose: z.string().optional(),
  progress_photos: z.literal(true).optional(),
});

const managed = z.strictObject({ message: z.string(), subscription: userSubscriptionSchema });

function manage(action: "cancel" | "pause" | "resume" | "skip", summary: string, conflict?: string): Operation {
  const operation: Operation = {
    method: "post",
    path: `/api/subscriptions/{id}/${action}`,
    summary,
    tags: ["Subscriptions"],
    access: "patient",
    request: { params: subscriptionParamsSchema },
    responses: {
      200: { description: "Done (asking for what is already so answers the same): the subscription as it is now.", schema: managed },
      ...boundaryErrors({ write: true, params: true, signedIn: true }),
      404: errorResponse("Subscription not found (someone else's, a malformed id and a missing one read the same)."),
      502: errorResponse("The payment provider refused or did not answer; nothing changed."),
    },
  };
  if (conflict) operation.responses[409] = errorResponse(conflict);
  return operation;
}

export const subscriptionsOperations = defineOperations([
  // Cancelling what has ended or is cancelled already answers the same success: no 409.
  manage("cancel", "Cancel at the end of the paid period (a subscription whose renewal failed ends at once)"),
  manage("pause", "Pause renewals until resumed", "Not a running subscription: ended, cancelled at period end, past due, or waiting for a check-in."),
  manage("resume", "Undo a pause or a skip: renew at the end of the current period", "Not a running subscription: ended, cancelled at period end, past due, or waiting for a check-in."),
  manage("skip", "Let the next renewal pass uncharged", "Not a running subscription, already skipped or paused, no renewal date yet, or waiting for a check-in."),
]);
