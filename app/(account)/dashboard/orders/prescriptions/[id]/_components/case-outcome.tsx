import { formatPence } from "@/lib/format/money";
import type { PatientCaseView } from "@/lib/server/prescriptions/types";
import styles from "./case-outcome.module.css";

/** The decision under the timeline: the prescription's links, or the decline reason and refund. */
export function CaseOutcome({ request, onPlan = false }: { request: PatientCaseView; onPlan?: boolean }) {
  const refunded = `Your ${formatPence(request.pricePence)} has been refunded.`;
  if (request.status === "ISSUED" && request.prescription) {
    const { reference } = request.prescription;
    return (
      <section className={styles.outcome} aria-labelledby="outcome-heading">
        <h3 id="outcome-heading">Your prescription</h3>
        <p>{onPlan ? "Our pharmacy supplies it under your plan (below); keep this copy for your records." : "Take it to any UK pharmacy, printed or on your phone. It can be dispensed once."}</p>
        <p className={styles.actions}>
          <a className="button" href={`/dashboard/prescriptions/${reference}`}>
            View and print prescription
          </a>
          <a className="button button-secondary" href={`/api/prescription-documents/${reference}/pdf`} download>
            Download PDF
          </a>
        </p>
      </section>
    );
  }
  if (request.status === "DECLINED") {
    return (
      <section className={styles.outcome} aria-labelledby="outcome-heading">
        <h3 id="outcome-heading">Why the prescriber declined</h3>
        {request.declineReason ? <p className={styles.reason}>{request.declineReason}</p> : null}
        <p>
          <strong>{refunded}</strong> It reaches your card within 5 to 10 working days.
        </p>
      </section>
    );
  }
  if (request.status === "CANCELLED") {
    return (
      <p className={styles.outcome}>
        <strong>{refunded}</strong> This request is closed.
      </p>
    );
  }
  return null;
}
