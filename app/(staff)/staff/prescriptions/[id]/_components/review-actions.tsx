import { DeclineForm } from "@/components/staff/decline-form";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import type { ReviewCase } from "@/lib/server/prescription-review/types";
import { PRESCRIPTION_DECLINE_REASON_MAX } from "@/lib/validation/prescription-review";
import { formatDateTime } from "@/lib/format/dates";
import { AskForm } from "./ask-form";
import { IssueForm } from "./issue-form";
import { supplyBlocked } from "@/lib/server/supply-checks/evaluate";
import styles from "@/components/staff/case-sections.module.css";

/** The case's claim: who holds it, and the claim or release button. */
export function ReviewActions({ review }: { review: ReviewCase }) {
  const { status, claim, id } = review;
  if (status === "AWAITING_PATIENT") return <p>Waiting for the patient&apos;s answer. The case returns to the queue when they reply.</p>;
  if (status === "ISSUED" || status === "DECLINED" || status === "CANCELLED") return <p>This case is closed.</p>;
  // Separation of duties: no claim, and no decision even under a claim taken before the rule.
  if (review.ownNotice) return <p><strong>{review.ownNotice}.</strong></p>;
  if (claim?.isMine) {
    return (
      <div className={styles.stack}>
        <p>
          <strong>You are reviewing this case</strong> (since {formatDateTime(claim.at)}).
        </p>
        <p>Read the answers and photos below, then issue, ask the patient or decline at the end of the page.</p>
        <StaffActionButton path={`/api/staff/prescriptions/${id}/release`} label="Release to the queue" busyLabel="Releasing..." secondary />
      </div>
    );
  }
  if (claim && !claim.isStale) {
    return (
      <p>
        <strong>{claim.byName} is reviewing this case</strong> (since {formatDateTime(claim.at)}).
      </p>
    );
  }
  return (
    <div className={styles.stack}>
      {claim?.isStale ? <p>{claim.byName} claimed this case at {formatDateTime(claim.at)}, over 30 minutes ago; you may take it over.</p> : <p>Nobody is reviewing this case. Claim it to decide it or to ask the patient a question.</p>}
      <StaffActionButton path={`/api/staff/prescriptions/${id}/claim`} label="Claim this case" busyLabel="Claiming..." />
    </div>
  );
}

/** The decisions, for the prescriber holding the claim (null for anyone else). */
export function DecisionForms({ review }: { review: ReviewCase }) {
  if (review.status !== "IN_REVIEW" || !review.claim?.isMine || review.ownNotice) return null;
  return (
    <div className={styles.stack}>
      <IssueForm caseId={review.id} blockedReason={supplyBlocked(review.supplyChecks)} />
      <AskForm caseId={review.id} />
      <DeclineForm path={`/api/staff/prescriptions/${review.id}/decline`} maxLength={PRESCRIPTION_DECLINE_REASON_MAX} />
    </div>
  );
}
