import Link from "next/link";
import type { UserSubscription } from "@/lib/subscriptions/subscription-view";
import type { SubscriptionAction } from "./use-subscription-actions";
import styles from "./subscriptions-manager.module.css";

const ACTION_LABEL: Record<SubscriptionAction, string> = { pause: "Pause", resume: "Resume", skip: "Skip next renewal" };

export type SubscriptionHandlers = {
  /** The id of the subscription an action is running on, if any. */
  working: string | null;
  change: (subscription: UserSubscription, action: SubscriptionAction) => Promise<void>;
  cancel: (subscription: UserSubscription) => Promise<void>;
};

/** The one-step buttons a subscription offers in its state: pause and skip, or resume; and cancel. */
export function SubscriptionActions({ subscription, working, change, cancel }: { subscription: UserSubscription } & SubscriptionHandlers) {
  const running = subscription.status === "active" && !subscription.cancel_at_period_end;
  const ended = subscription.status === "canceled" || subscription.cancel_at_period_end;
  // Waiting for its check-in (a prescription-only renewal): the check-in, not pause or resume, moves it on.
  const checkIn = running ? subscription.check_in : null;
  const available: SubscriptionAction[] = !running || checkIn ? [] : subscription.paused || subscription.skipped_until ? ["resume"] : ["pause", "skip"];
  const busy = working === subscription.id;
  return (
    <div className={styles.actions}>
      {checkIn && (checkIn.status === "due" || checkIn.status === "missed") ? (
        <a href={`/dashboard/check-ins/${checkIn.id}`} className="button">
          Check in
          <span className="visually-hidden"> before the next supply of subscription {subscription.stripe_subscription_id}</span>
        </a>
      ) : null}
      {subscription.progress_photos ? (
        <Link href="/dashboard/progress" className="button button-secondary">
          Progress photos
          <span className="visually-hidden"> of subscription {subscription.stripe_subscription_id}</span>
        </Link>
      ) : null}
      {available.map((action) => (
        <button key={action} type="button" className="button button-secondary" disabled={busy} onClick={() => void change(subscription, action)}>
          {ACTION_LABEL[action]}
          <span className="visually-hidden"> subscription {subscription.stripe_subscription_id}</span>
        </button>
      ))}
      {ended ? null : (
        <button type="button" className={`button ${styles.cancel}`} disabled={busy} onClick={() => void cancel(subscription)}>
          Cancel
          <span className="visually-hidden"> subscription {subscription.stripe_subscription_id}</span>
        </button>
      )}
    </div>
  );
}
