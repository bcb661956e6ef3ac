import type { SupplyCheck, SupplyCheckState } from "@/lib/server/supply-checks/types";
import styles from "./supply-checks.module.css";

const STATE_LABELS: Record<SupplyCheckState, string> = { met: "Done", unmet: "Needed before supply", not_required: "Not needed" };

/**
 * What each supply rule found for a case or an order (identity, verified weight, GP consent):
 * the state, one sentence, the facts behind it and the rule's source; a rule this supply does
 * not need shows its sentence only. Rendered inside the page's own card.
 */
export function SupplyChecks({ checks }: { checks: SupplyCheck[] }) {
  return (
    <ul className={styles.checks}>
      {checks.map((check) => (
        <li key={check.key} className={styles.check}>
          <p className={styles.heading}>
            <strong>{check.title}</strong> <span className={`${styles.state} ${styles[check.state]}`}>{STATE_LABELS[check.state]}</span>
          </p>
          <p>{check.summary}</p>
          {check.state !== "not_required" && check.facts.length ? (
            <dl className={styles.facts}>
              {check.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.href ? <a href={fact.href}>{fact.value}</a> : fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {check.state !== "not_required" ? <p className={styles.source}>Source: {check.source}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The sentence under a disabled issue or dispense button: what must happen first. */
export function SupplyBlockedNote({ id, reason }: { id: string; reason: string }) {
  return (
    <p id={id} className={styles.blocked}>
      <strong>Cannot supply yet:</strong> {reason}
    </p>
  );
}
