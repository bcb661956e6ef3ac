import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireStaff } from "@/lib/server/auth/guards";
import { AppError } from "@/lib/server/core/errors/app-error";
import { getReviewCase } from "@/lib/server/prescription-review/get-review-case";
import { REVIEWER_ROLES, type ReviewCase } from "@/lib/server/prescription-review/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { reviewCaseParamsSchema } from "@/lib/validation/prescription-review";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard, StaffHeading } from "../../_components/staff-card";
import { STATUS_LABELS } from "../../_components/status-label";
import { TimeLeftBadge } from "../../_components/time-left-badge";
import { ProgressComparison } from "@/components/progress-photos/progress-comparison";
import { SupplyChecks } from "@/components/staff/supply-checks";
import { listCaseProgressPhotos } from "@/lib/server/progress-photos/list-progress-photos";
import type { ProgressPhotoSetView } from "@/lib/server/progress-photos/types";
import { CaseDetails } from "./_components/case-details";
import { MessageThread } from "./_components/message-thread";
import { DecisionForms, ReviewActions } from "./_components/review-actions";
import styles from "@/components/staff/case-sections.module.css";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Prescription request", description: "A prescription request under review.", path: "/staff/prescriptions", noIndex: true });
}

/** Loads the case (an audited view), or the not-found page for a bad or unknown id. */
async function loadCase(id: string, path: string): Promise<{ review: ReviewCase; progress: ProgressPhotoSetView[] }> {
  const actor = await requireStaff(path, REVIEWER_ROLES);
  const parsed = reviewCaseParamsSchema.safeParse({ id });
  if (!parsed.success) notFound();
  try {
    const review = await getReviewCase(actor, parsed.data.id);
    return { review, progress: await listCaseProgressPhotos(actor, { requestId: review.id }) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function ReviewCasePage({ params }: Props) {
  const { id } = await params;
  const { review, progress } = await loadCase(id, `/staff/prescriptions/${id}`);
  const isOpen = review.status === "SUBMITTED" || review.status === "IN_REVIEW" || review.status === "AWAITING_PATIENT";
  return (
    <>
      <p className={styles.decision}>
        <Link href="/staff/prescriptions">Back to the queue</Link>
      </p>
      <StaffHeading
        intro={
          <>
            {STATUS_LABELS[review.status]}
            {isOpen ? (
              <>
                {" · "}
                <TimeLeftBadge dueAt={review.dueAt} now={new Date()} />
              </>
            ) : null}
          </>
        }
      >
        Request {review.reference}
      </StaffHeading>
      <StaffCard title="Review" headingId="review-heading">
        <ReviewActions review={review} />
        {review.prescription ? (
          <dl className={styles.facts}>
            <div>
              <dt>Prescription</dt>
              <dd>{review.prescription.reference}</dd>
            </div>
            <div>
              <dt>Medicine</dt>
              <dd>{review.prescription.medicine}</dd>
            </div>
            <div>
              <dt>Dose and quantity</dt>
              <dd>
                {review.prescription.dose}; {review.prescription.quantity}
              </dd>
            </div>
            <div>
              <dt>Issued</dt>
              <dd>
                {formatDateTime(review.prescription.issuedAt)} by {review.prescription.prescriberName} ({review.prescription.prescriberRegistration})
              </dd>
            </div>
            <div>
              <dt>Dispensed</dt>
              <dd>{review.prescription.dispensedAt ? formatDateTime(review.prescription.dispensedAt) : "Not yet"}</dd>
            </div>
          </dl>
        ) : null}
        {review.status === "DECLINED" ? (
          <dl className={styles.facts}>
            <div>
              <dt>Declined</dt>
              <dd>
                {review.decidedAt ? formatDateTime(review.decidedAt) : "—"} by {review.decidedByName ?? "—"}
              </dd>
            </div>
            <div>
              <dt>Reason given</dt>
              <dd className={styles.breakable}>{review.declineReason}</dd>
            </div>
          </dl>
        ) : null}
      </StaffCard>
      {review.supplyChecks.length ? (
        <StaffCard title="Before supply" headingId="supply-checks-heading">
          <SupplyChecks checks={review.supplyChecks} />
        </StaffCard>
      ) : null}
      <StaffCard title="Messages" headingId="messages-heading">
        <MessageThread messages={review.messages} />
      </StaffCard>
      <CaseDetails review={review} />
      {progress.length ? (
        <StaffCard title="Hair progress photos" headingId="progress-heading">
          <ProgressComparison sets={progress} caption="The patient's progress photos by date" />
        </StaffCard>
      ) : null}
      {review.status === "IN_REVIEW" && review.claim?.isMine ? (
        <StaffCard title="Decision" headingId="decision-heading">
          <DecisionForms review={review} />
        </StaffCard>
      ) : null}
    </>
  );
}
