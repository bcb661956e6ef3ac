"use client";

import type { PlanOffer } from "@/lib/server/catalogue/types";
import type { UserSubscription } from "@/lib/subscriptions/subscription-view";
import { PlansList } from "./plans-list";
import { SubscriptionCards } from "./subscription-cards";
import { SubscriptionTerms } from "./subscription-terms";
import { SubscriptionsTable } from "./subscriptions-table";
import { useSubscriptionActions } from "./use-subscription-actions";
import styles from "./subscriptions-manager.module.css";

// The dashboard's "Your Subscriptions" (spec sections 2, 4 and 7): the patient's
// subscriptions (a table on desktop, cards on mobile) with one-step cancel, pause, skip and
// resume, and the plans on offer with Subscribe. The page renders both lists on the server;
// after an action they are reloaded from GET /api/user-subscriptions and GET /api/plans, once,
// 300 ms after the last action (spec section 9: the plan list load is debounced by 300 ms).

export { CANCEL_CONFIRM, CANCEL_FAILED, CANCEL_SUCCESS, RELOAD_DEBOUNCE_MS } from "./use-subscription-actions";
export const LOAD_FAILED = "Failed to load subscriptions. Please try again later.";

type Props = {
  /** The patient's subscriptions, rendered on the server; null when they could not be read. */
  subscriptions: UserSubscription[] | null;
  /** The plans on offer, rendered on the server; null when they could not be read. */
  plans: PlanOffer[] | null;
  /** The treatment types those plans belong to (reloaded by these keys after an action). */
  planTreatmentTypes: string[];
  contactEmail: string;
};

export function SubscriptionsManager({ contactEmail, ...lists }: Props) {
  const { subscriptions, plans, notice, ...handlers } = useSubscriptionActions(lists);
  return (
    <div className={styles.page}>
      <section aria-labelledby="your-subscriptions-heading" className={styles.section}>
        <h2 id="your-subscriptions-heading" className="visually-hidden">
          Subscriptions
        </h2>
        <div aria-live="polite" className={styles.live}>
          {notice ? <p className={notice.error ? "form-message-error" : styles.success}>{notice.text}</p> : null}
        </div>
        {subscriptions.state === "error" ? (
          <p role="alert" className="form-message-error">
            {LOAD_FAILED}
          </p>
        ) : null}
        {subscriptions.state === "ready" && subscriptions.value.length === 0 ? <p>You have no active subscriptions.</p> : null}
        {subscriptions.state === "ready" && subscriptions.value.length > 0 ? (
          <>
            <SubscriptionsTable subscriptions={subscriptions.value} {...handlers} />
            <SubscriptionCards subscriptions={subscriptions.value} {...handlers} />
          </>
        ) : null}
      </section>
      <PlansList plans={plans} />
      <SubscriptionTerms contactEmail={contactEmail} />
    </div>
  );
}
