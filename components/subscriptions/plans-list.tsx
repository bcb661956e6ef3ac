import type { PlanOffer } from "@/lib/server/catalogue/types";
import type { Loaded } from "./read-subscription-lists";
import { SubscribeButton } from "./subscribe-button";
import { money, months } from "./subscription-format";
import styles from "./subscriptions-manager.module.css";

/** "Available Plans": each plan on offer with Subscribe, or why there are none to show. */
export function PlansList({ plans }: { plans: Loaded<PlanOffer[]> }) {
  return (
    <section aria-labelledby="available-plans-heading" className={styles.section}>
      <h2 id="available-plans-heading" className={styles.heading}>
        Available Plans
      </h2>
      {plans.state === "error" ? <p className="form-message-error">We could not load the plans. Please try again later.</p> : null}
      {plans.state === "ready" && plans.value.length === 0 ? <p>No plans are available at the moment.</p> : null}
      {plans.state === "ready" && plans.value.length > 0 ? (
        <ul className={styles.plans}>
          {plans.value.map((plan) => (
            <li key={plan.id} className={styles.plan}>
              <h3 className={styles.cardTitle}>{plan.name}</h3>
              <p className={styles.description}>{plan.description}</p>
              <p className={styles.fact}>Price {money(plan.price)}</p>
              <p className={styles.fact}>Duration: {months(plan.duration)}</p>
              <div className={styles.planAction}>
                <SubscribeButton planId={plan.id} planName={plan.name} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
