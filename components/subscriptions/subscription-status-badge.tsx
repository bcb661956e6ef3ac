import styles from "./subscriptions-manager.module.css";

/** The subscription's status in words ("past due"), coloured by how it stands. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  const tone = status === "active" ? styles.badgeActive : status === "canceled" ? styles.badgeCanceled : styles.badgeWarning;
  return <span className={`${styles.badge} ${tone}`}>{status.replace(/_/g, " ")}</span>;
}
