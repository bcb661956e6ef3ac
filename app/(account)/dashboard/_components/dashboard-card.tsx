import type { ReactNode } from "react";
import styles from "./dashboard-card.module.css";

/** A white panel with a heading, the building block of every dashboard page. */
export function DashboardCard({ title, headingId, children }: { title: string; headingId: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
