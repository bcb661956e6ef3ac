// What the patient sees of a subscription: the API's fields (spec section 3, "User
// subscription") and the words for its state. Shared by the API, the dashboard and tests.

export type SubscriptionStatusValue = "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "unpaid" | "canceled" | "paused";

export type UserSubscription = {
  id: string;
  stripe_subscription_id: string;
  treatment_type: string;
  plan_name: string;
  /** Pounds per period, e.g. 29.99. */
  price: number;
  /** Months per period. */
  duration: number;
  status: SubscriptionStatusValue;
  /** ISO date-time of the end of the paid period (the next charge), or null. */
  current_period_end: string | null;
  /** Ends at current_period_end instead of renewing. */
  cancel_at_period_end: boolean;
  /** Renewals are paused until the patient resumes. */
  paused: boolean;
  /** The next renewal is skipped: charging starts again after this date. */
  skipped_until: string | null;
  created_at: string;
  /**
   * The check-in a prescription-only subscription's next supply waits for (issue 23), or null.
   * While it is set the renewal is not charged (and `paused` is false: the patient did not pause).
   */
  check_in: { id: string; status: "due" | "submitted" | "missed" | "referred"; due_by: string } | null;
  /** A dose-ladder medicine's current dose (e.g. "5 mg"); absent for other medicines. */
  dose?: string;
  /** A prescription plan (hair loss): its check-ins send progress photos, compared at /dashboard/progress. */
  progress_photos?: boolean;
};

/** Still billing (or trying to): the patient "has" this plan. */
export const LIVE_STATUSES: readonly SubscriptionStatusValue[] = ["active", "trialing", "past_due"];

/** One line on what happens next, for the table and the cards. */
export function subscriptionNextStep(subscription: UserSubscription, formatDate: (iso: string) => string): string {
  const end = subscription.current_period_end ? formatDate(subscription.current_period_end) : null;
  if (subscription.status === "canceled") return "Cancelled: no further payments.";
  if (subscription.status === "past_due") return "Your last renewal payment failed. We will try your card again over the next few days.";
  if (subscription.cancel_at_period_end) return end ? `Cancelled: ends on ${end}. No further payments.` : "Cancelled at the end of the paid period.";
  if (subscription.check_in) return checkInStep(subscription.check_in, formatDate);
  if (subscription.paused) return "Paused: no renewals are charged or sent until you resume.";
  if (subscription.skipped_until) return end ? `Next renewal (${end}) skipped.` : "Next renewal skipped.";
  return end ? `Renews on ${end}.` : "Renews at the end of the paid period.";
}

/** What a subscription waiting for its check-in tells the patient. */
function checkInStep(checkIn: NonNullable<UserSubscription["check_in"]>, formatDate: (iso: string) => string): string {
  if (checkIn.status === "due") return `Waiting for your check-in: complete it before ${formatDate(checkIn.due_by)} so your next supply can be sent.`;
  if (checkIn.status === "missed") return "Waiting for your check-in: your renewal was not charged. Complete your check-in to carry on.";
  if (checkIn.status === "submitted") return "Waiting for your check-in review: our prescriber is looking at your answers. Nothing is charged until it is approved.";
  return "Waiting for your consultation: our prescriber would like to speak with you first. Nothing is charged until then.";
}
