import { Fragment } from "react";
import { subscriptionNextStep, type UserSubscription } from "@/lib/subscriptions/subscription-view";
import { SubscriptionActions, type SubscriptionHandlers } from "./subscription-actions";
import { formatLongDate } from "@/lib/format/dates";
import { money, months, periodEndLabel } from "./subscription-format";
import { SubscriptionStatusBadge } from "./subscription-status-badge";
import styles from "./subscriptions-manager.module.css";

/** The subscriptions as a table (wide screens): one row of facts and actions, one of what happens next. */
export function SubscriptionsTable({ subscriptions, ...handlers }: { subscriptions: UserSubscription[] } & SubscriptionHandlers) {
  return (
    // Focusable, so keyboard users can scroll it sideways when the table is wider than the page.
    <div className={styles.tableWrap} role="region" aria-labelledby="subscriptions-table-caption" tabIndex={0}>
      <table className={styles.table}>
        <caption id="subscriptions-table-caption" className="visually-hidden">
          Your subscriptions
        </caption>
        <thead>
          <tr>
            <th scope="col">Subscription ID</th>
            <th scope="col">Treatment Type</th>
            <th scope="col">Price</th>
            <th scope="col">Duration</th>
            <th scope="col">Status</th>
            <th scope="col">Period End</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {subscriptions.map((subscription) => (
            <Fragment key={subscription.id}>
              <tr className={styles.mainRow}>
                <td className={styles.id}>{subscription.stripe_subscription_id}</td>
                <td>{subscription.treatment_type}</td>
                <td>{money(subscription.price)}</td>
                <td>{months(subscription.duration)}</td>
                <td>
                  <SubscriptionStatusBadge status={subscription.status} />
                </td>
                <td>{periodEndLabel(subscription.current_period_end)}</td>
                <td>
                  <SubscriptionActions subscription={subscription} {...handlers} />
                </td>
              </tr>
              <tr className={styles.noteRow}>
                <td colSpan={7}>
                  {subscription.dose ? `Dose: ${subscription.dose}. ` : ""}
                  {subscriptionNextStep(subscription, formatLongDate)}
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
