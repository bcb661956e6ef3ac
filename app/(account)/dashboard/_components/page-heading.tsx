import type { ReactNode } from "react";
import styles from "./page-heading.module.css";

/** The h1 of a dashboard page, with an optional line under it. */
export function PageHeading({ children, intro }: { children: ReactNode; intro?: string }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{children}</h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
    </div>
  );
}
