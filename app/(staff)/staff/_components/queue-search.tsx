import Link from "next/link";
import { StaffCard } from "./staff-card";
import styles from "./queue-search.module.css";

/**
 * "Find by reference" for a staff queue: a GET form (`?reference=PR-XXXXXX`) that narrows the
 * queue to that case wherever it is in the list, and says when it is not in the queue.
 */
export function QueueSearch({ path, kind, example, reference, found }: { path: string; kind: string; example: string; reference: string | null; found: boolean }) {
  return (
    <StaffCard title="Find by reference" headingId="find-heading">
      <form method="get" action={path} role="search" aria-labelledby="find-heading" className={styles.search}>
        <div className={`field ${styles.field}`}>
          <label htmlFor="queue-reference" className="field-label">
            Reference, for example {example}
          </label>
          <input id="queue-reference" name="reference" className="input" defaultValue={reference ?? ""} autoComplete="off" spellCheck={false} maxLength={20} />
        </div>
        <button type="submit" className="button">
          Find
        </button>
      </form>
      {reference ? (
        <p className={styles.result} role="status">
          <span>{found ? `Showing ${reference} only.` : `No ${kind} ${reference} is in this queue.`}</span>
          <Link href={path}>Show the whole queue</Link>
        </p>
      ) : null}
    </StaffCard>
  );
}
