import Link from "next/link";
import type { AuditEventView } from "@/lib/server/prescription-review/list-audit-events";
import { formatDateTime } from "@/lib/format/dates";
import styles from "./audit.module.css";

const ACTION_LABELS: Record<string, string> = {
  "prescription.viewed": "Viewed a case",
  "prescription.photo_viewed": "Viewed a photo",
  "prescription.claimed": "Claimed a case",
  "prescription.released": "Released a case",
  "prescription.question_asked": "Asked the patient",
  "prescription.patient_replied": "Patient replied",
  "prescription.issued": "Issued a prescription",
  "prescription.declined": "Declined and refunded",
  "prescription.dispensed": "Marked dispensed",
  "prescription.own_case_refused": "Refused: their own request",
  "order.own_case_refused": "Refused: their own order",
  "audit.viewed": "Read the audit log",
};

/** The entries, newest first: what, when, who, on what, and the non-medical detail. */
export function AuditList({ events, labelledBy }: { events: AuditEventView[]; labelledBy: string }) {
  return (
    <ol className={styles.list} aria-labelledby={labelledBy}>
      {events.map((event) => (
        <li key={event.id} className={styles.entry}>
          <p className={styles.headline}>
            <strong>{ACTION_LABELS[event.action] ?? event.action}</strong> <code className={styles.code}>{event.action}</code>
            <span className={styles.when}>{formatDateTime(event.at)}</span>
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>Who</dt>
              <dd>
                {event.actorName} · {event.actorRole}
              </dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd>
                {event.subjectType}{" "}
                <Link href={`/staff/audit?subject=${encodeURIComponent(event.subjectId)}`} className={styles.id}>
                  {event.subjectId}
                </Link>
              </dd>
            </div>
            {event.detail.length ? (
              <div>
                <dt>Detail</dt>
                <dd>
                  {event.detail.map(({ key, value }) => (
                    <span key={key} className={styles.detail}>
                      {key}: <span className={styles.id}>{value}</span>
                    </span>
                  ))}
                </dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
