import styles from "./subscriptions-manager.module.css";

/** "How subscriptions work": payment, the check-in before a prescription-only renewal, the pharmacist's check, one-step changes and cooling-off. */
export function SubscriptionTerms({ contactEmail }: { contactEmail: string }) {
  return (
    <section aria-labelledby="subscription-terms-heading" className={styles.terms}>
      <h2 id="subscription-terms-heading" className={styles.heading}>
        How subscriptions work
      </h2>
      <ul>
        <li>You pay at the start of each period. We email you 3 days before every renewal with the date and the amount.</li>
        <li>
          For a prescription-only medicine, each renewal waits for a short check-in (your weight where it matters, side effects, new conditions or medicines). We remind you 7 and 3
          days before the date, and we charge you only once a prescriber has approved it. If you have not answered by the renewal date, nothing is charged and your subscription
          waits until you complete the check-in.
        </li>
        <li>Each renewal is checked by our pharmacist before it is sent, as your first order was.</li>
        <li>
          Pause, skip the next renewal or cancel here at any time, in one step (while a check-in waits for its answer or a prescriber&apos;s review, you can cancel but not pause or
          skip). Cancelling stops all future payments; you keep what you have paid for until the end of the period.
        </li>
        <li>
          Cooling-off: you can cancel within 14 days of subscribing and get your money back for any supply we have not sent yet. Medicines that have been dispatched cannot be
          returned, for safety reasons. To ask for a refund, cancel here and email <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </li>
      </ul>
    </section>
  );
}
