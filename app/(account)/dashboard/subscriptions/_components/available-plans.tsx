import Link from "next/link";
import { formatPence } from "@/lib/format/money";
import type { PlanView } from "@/lib/server/catalogue/types";
import styles from "./available-plans.module.css";

const durationLabel = (months: number) => `${months} ${months === 1 ? "month" : "months"}`;

/**
 * The plans on offer. Subscribing starts with the treatment's assessment (a pharmacy
 * medicine cannot be sold before it), so "Subscribe" opens the product page.
 */
export function AvailablePlans({ plans, productPath }: { plans: PlanView[]; productPath: string }) {
  return (
    <section aria-labelledby="available-plans-heading" className={styles.section}>
      <h2 id="available-plans-heading" className={styles.heading}>
        Available Plans
      </h2>
      {plans.length ? (
        <ul className={styles.list}>
          {plans.map((plan) => (
            <li key={plan.id} className={styles.card}>
              <h3 className={styles.name}>{plan.name}</h3>
              <p className={styles.description}>{plan.description}</p>
              <p className={styles.fact}>Price {formatPence(plan.pricePence)}</p>
              <p className={styles.fact}>Duration: {durationLabel(plan.durationMonths)}</p>
              <div className={styles.action}>
                <Link href={productPath} className="button">
                  Subscribe<span className="visually-hidden"> to {plan.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>No plans are available at the moment.</p>
      )}
    </section>
  );
}
