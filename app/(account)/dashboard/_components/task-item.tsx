import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./tasks.module.css";

/**
 * One thing the patient must do, in the dashboard's Tasks card: a marked heading, a sentence or
 * two, and the one button that does it (its hidden words say which request or order).
 */
export function TaskItem({ mark = "!", title, children, href, action, actionContext }: { mark?: string; title: string; children: ReactNode; href: string; action: string; actionContext?: string }) {
  return (
    <div className={styles.task}>
      <h3 className={`${styles.allSet} ${styles.taskTitle}`}>
        <span className={`${styles.tick} ${styles.attention}`} aria-hidden="true">
          {mark}
        </span>
        {title}
      </h3>
      <div className={styles.taskBody}>
        {children}
        <p>
          <Link href={href} className="button">
            {action}
            {actionContext ? <span className="visually-hidden"> {actionContext}</span> : null}
          </Link>
        </p>
      </div>
    </div>
  );
}
