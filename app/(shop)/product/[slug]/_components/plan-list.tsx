import { formatPence } from "@/lib/format/money";
import type { PlanView } from "@/lib/server/catalogue/types";
import styles from "./plan-list.module.css";

const duration = (months: number) => `${months} ${months === 1 ? "Month" : "Months"}`;

/** The plans a treatment is sold through: duration and price, chosen after the assessment. */
export function PlanList({ plans, isOptional }: { plans: PlanView[]; isOptional: boolean }) {
  return (
    <section className={styles.section} aria-labelledby="plans-heading">
      <h2 id="plans-heading" className={styles.heading}>
        {isOptional ? "Optional plans" : "Plans"}
      </h2>
      <ul className={styles.list}>
        {plans.map((plan) => (
          <li key={plan.id} className={styles.plan}>
            <div>
              <p className={styles.duration}>{duration(plan.durationMonths)}</p>
              <p className={styles.description}>{plan.description}</p>
            </div>
            <p className={styles.price}>{formatPence(plan.pricePence)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
