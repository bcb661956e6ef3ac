import type { ReactNode } from "react";
import styles from "./auth-card.module.css";

type AuthCardProps = {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the form ("Don't have an account? Register"). */
  footer?: ReactNode;
};

/** The card every (auth) page is: a heading, a short introduction, the form and its links. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>{title}</h1>
      {intro ? <div className={styles.intro}>{intro}</div> : null}
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}
