import Link from "next/link";
import type { QueueItem } from "@/lib/server/prescription-review/types";
import { formatDateTime } from "@/lib/format/dates";
import { STATUS_LABELS } from "../../_components/status-label";
import { TimeLeftBadge } from "../../_components/time-left-badge";
import styles from "@/components/staff/queue-list.module.css";

function claimText(item: QueueItem): string {
  if (item.status === "AWAITING_PATIENT") return "Nobody (waiting for the patient)";
  if (item.ownNotice && !item.claim) return item.ownNotice;
  if (!item.claim) return "Nobody";
  if (item.claim.isMine) return "You";
  return item.claim.isStale ? `${item.claim.byName} (claim lapsed)` : item.claim.byName;
}

/** The queue as a list of cases: reference, state, claim and time left (or the decision). */
export function QueueList({ items, now, labelledBy, decided = false }: { items: QueueItem[]; now: Date; labelledBy: string; decided?: boolean }) {
  return (
    <ol className={styles.list} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          {/* No prefetch: opening a case is an audited view of medical data. */}
          <Link href={`/staff/prescriptions/${item.id}`} prefetch={false} className={styles.reference}>
            {item.reference}
          </Link>
          <dl className={styles.facts}>
            <div>
              <dt>Status</dt>
              <dd>{STATUS_LABELS[item.status]}</dd>
            </div>
            {decided ? (
              <>
                <div>
                  <dt>Decided</dt>
                  <dd>{item.decidedAt ? formatDateTime(item.decidedAt) : "—"}</dd>
                </div>
                <div>
                  <dt>By</dt>
                  <dd>{item.decidedByName ?? "—"}</dd>
                </div>
              </>
            ) : (
              <>
                <div>
                  <dt>Claimed by</dt>
                  <dd>{claimText(item)}</dd>
                </div>
                <div>
                  <dt>Paid</dt>
                  <dd>{item.submittedAt ? formatDateTime(item.submittedAt) : "—"}</dd>
                </div>
                <div>
                  <dt>Time left</dt>
                  <dd>
                    <TimeLeftBadge dueAt={item.dueAt} now={now} />
                  </dd>
                </div>
              </>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
