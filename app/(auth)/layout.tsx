import type { ReactNode } from "react";
import styles from "./layout.module.css";

/** Sign-in, registration and password pages: one narrow card on the cream background. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={`section section-cream ${styles.page}`}>
      <div className={`container ${styles.inner}`}>{children}</div>
    </div>
  );
}
