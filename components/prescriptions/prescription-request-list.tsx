import Link from "next/link";
import type { PatientRequestSummary } from "@/lib/server/prescriptions/types";
import { formatLongDate } from "@/lib/format/dates";
import styles from "./prescription-request-list.module.css";
import { StatusTimeline } from "./status-timeline";

/** The patient's prescription requests (Dashboard → Orders), newest first, each with its timeline. */
export function PrescriptionRequestList({ requests }: { requests: PatientRequestSummary[] }) {
  return (
    <ul className={styles.list}>
      {requests.map((request) => (
        <li key={request.id} className={styles.item}>
          <h3 className={styles.title}>
            Prescription request <span className={styles.reference}>{request.reference}</span>
          </h3>
          <p className={styles.meta}>
            {request.submittedAt ? <>Submitted {formatLongDate(request.submittedAt)} · </> : null}
            Status: <strong>{request.statusLabel}</strong>
          </p>
          <StatusTimeline steps={request.timeline} label={`Progress of request ${request.reference}`} compact />
          <Link href={`/dashboard/orders/prescriptions/${request.id}`} className={`button button-secondary ${styles.link}`}>
            {request.status === "AWAITING_PATIENT" ? "Answer the prescriber" : "View request"}
            <span className="visually-hidden"> {request.reference}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
