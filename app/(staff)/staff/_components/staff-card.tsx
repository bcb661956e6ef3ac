import type { ReactNode } from "react";
import styles from "./staff-card.module.css";

/** A white panel with a heading: the building block of the staff pages. */
export function StaffCard({ title, headingId, children, level = 2 }: { title: ReactNode; headingId: string; children: ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** The page's h1 with an optional line under it. */
export function StaffHeading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.h1}>{children}</h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
    </div>
  );
}
