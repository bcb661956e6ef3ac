import { subscriptionNextStep, type UserSubscription } from "@/lib/subscriptions/subscription-view";
import { SubscriptionActions, type SubscriptionHandlers } from "./subscription-actions";
import { formatLongDate } from "@/lib/format/dates";
import { money, months, periodEndLabel } from "./subscription-format";
import { SubscriptionStatusBadge } from "./subscription-status-badge";
import styles from "./subscriptions-manager.module.css";

/** The subscriptions as cards (narrow screens): the same facts and actions as the table. */
export function SubscriptionCards({ subscriptions, ...handlers }: { subscriptions: UserSubscription[] } & SubscriptionHandlers) {
  return (
    <ul className={styles.cards} aria-label="Your subscriptions">
      {subscriptions.map((subscription) => (
        <li key={subscription.id} className={styles.card}>
          <div className={styles.cardHead}>
            <h3 className={styles.cardTitle}>{subscription.plan_name}</h3>
            <SubscriptionStatusBadge status={subscription.status} />
          </div>
          <dl className={styles.facts}>
            <dt>Subscription ID</dt>
            <dd className={styles.id}>{subscription.stripe_subscription_id}</dd>
            <dt>Treatment Type</dt>
            <dd>{subscription.treatment_type}</dd>
            <dt>Price</dt>
            <dd>{money(subscription.price)}</dd>
            <dt>Duration</dt>
            <dd>{months(subscription.duration)}</dd>
            <dt>Period End</dt>
            <dd>{periodEndLabel(subscription.current_period_end)}</dd>
            {subscription.dose ? (
              <>
                <dt>Dose</dt>
                <dd>{subscription.dose}</dd>
              </>
            ) : null}
          </dl>
          <p className={styles.next}>{subscriptionNextStep(subscription, formatLongDate)}</p>
          <SubscriptionActions subscription={subscription} {...handlers} />
        </li>
      ))}
    </ul>
  );
}
