import styles from "./subscriptions-manager.module.css";

/** "How subscriptions work": payment, the pharmacist's check, one-step changes and cooling-off. */
export function SubscriptionTerms({ contactEmail }: { contactEmail: string }) {
  return (
    <section aria-labelledby="subscription-terms-heading" className={styles.terms}>
      <h2 id="subscription-terms-heading" className={styles.heading}>
        How subscriptions work
      </h2>
      <ul>
        <li>You pay at the start of each period. We email you 3 days before every renewal with the date and the amount.</li>
        <li>Each renewal is checked by our pharmacist before it is sent, as your first order was.</li>
        <li>Pause, skip the next renewal or cancel here at any time, in one step. Cancelling stops all future payments; you keep what you have paid for until the end of the period.</li>
        <li>
          Cooling-off: you can cancel within 14 days of subscribing and get your money back for any supply we have not sent yet. Medicines that have been dispatched cannot be
          returned, for safety reasons. To ask for a refund, cancel here and email <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </li>
      </ul>
    </section>
  );
}
