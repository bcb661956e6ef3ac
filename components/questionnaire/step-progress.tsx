"use client";

import { useEffect, useState } from "react";
import styles from "./questionnaire-form.module.css";

/**
 * "Step n of N" with a bar. Each step is a new page, so the live region is filled a moment
 * after it appears: screen readers announce a change to a live region, not its first content.
 */
export function StepProgress({ step, total }: { step: number; total: number }) {
  const label = `Step ${step} of ${total}`;
  const [announced, setAnnounced] = useState("");
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(label), 150);
    return () => window.clearTimeout(timer);
  }, [label]);

  return (
    <div className={styles.progress}>
      <p className={styles.progressText} aria-hidden="true">
        {label}
      </p>
      <div className={styles.progressBar} aria-hidden="true">
        <span style={{ width: `${Math.round((step / total) * 100)}%` }} />
      </div>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </div>
  );
}
