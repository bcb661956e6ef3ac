"use client";

import { formatPence } from "@/lib/format/money";
import type { PlansState } from "./use-plans";
import styles from "./prescription-checkout.module.css";

type PlanCardsProps = { state: PlansState; selected: string | null; onSelect: (id: string | null) => void; disabled: boolean };

/** "Choose Your Subscription (Optional)": radio cards; choosing the selected one again clears it. */
export function PlanCards({ state, selected, onSelect, disabled }: PlanCardsProps) {
  return (
    <fieldset className={styles.plans} disabled={disabled}>
      <legend className={styles.plansTitle}>Choose Your Subscription (Optional)</legend>
      {state.kind === "loading" ? <p role="status">Loading subscription plans...</p> : null}
      {state.kind === "error" ? <p role="alert">We could not load the subscription plans. You can still pay for the prescription on its own.</p> : null}
      {state.kind === "ready" && state.plans.length === 0 ? <p>No subscription plans available for this service.</p> : null}
      {state.kind === "ready" && state.plans.length > 0 ? (
        <ul className={styles.planList}>
          {state.plans.map((plan) => (
            <li key={plan.id}>
              <label className={`${styles.planCard} ${selected === plan.id ? styles.planSelected : ""}`}>
                <input
                  type="checkbox"
                  className={styles.planInput}
                  checked={selected === plan.id}
                  onChange={(event) => onSelect(event.target.checked ? plan.id : null)}
                />
                <span className={styles.planDuration}>{plan.duration} Months</span>
                <span className={styles.planDescription}>{plan.description}</span>
                <span className={styles.planPrice}>{formatPence(Math.round(plan.price * 100))}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
