import { formatLongDate } from "@/lib/format/dates";
import type { RxVerification } from "@/lib/server/rx/types";
import styles from "./rx.module.css";

/** What a pharmacy checks the paper against. The patient appears as initials and birth year only. */
export function RxDetails({ check }: { check: RxVerification }) {
  const rows: [string, string][] = [
    ["Reference", check.reference],
    ["Medicine", check.medicine],
    ["Dose", check.dose],
    ["Quantity", check.quantity],
    ["Date issued", formatLongDate(check.issuedAt)],
    ["Valid until", formatLongDate(check.expiresAt)],
    ["Prescriber", check.prescriberName],
    ["Registration", check.prescriberRegistration],
    ["Patient's initials", check.patientInitials],
    ["Patient's year of birth", check.patientBirthYear ?? "Not recorded"],
  ];
  return (
    <section className={styles.card} aria-labelledby="rx-details-heading">
      <h2 id="rx-details-heading" className={styles.cardTitle}>
        Prescription details
      </h2>
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
