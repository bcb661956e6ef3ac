import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ProgressComparison } from "@/components/progress-photos/progress-comparison";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import { requireStaff } from "@/lib/server/auth/guards";
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { getCheckInCase } from "@/lib/server/check-ins/get-check-in-case";
import type { CheckInCase } from "@/lib/server/check-ins/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { checkInParamsSchema } from "@/lib/validation/check-ins";
import styles from "@/components/staff/case-sections.module.css";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard, StaffHeading } from "../../_components/staff-card";
import { ApproveCheckInForm, ReferCheckInForm } from "./_components/check-in-decision";
import { CheckInWeightCard } from "./_components/check-in-weight-card";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Check-in", description: "A renewal check-in under review.", path: "/staff/check-ins", noIndex: true });
}

const STATUS: Record<CheckInCase["status"], string> = {
  DUE: "Waiting for the patient",
  SUBMITTED: "Waiting for a prescriber",
  APPROVED: "Approved",
  REFERRED: "Referred to a consultation",
  STOPPED: "Stopped by the patient",
  MISSED: "Missed (renewal voided)",
};
const CONTINUE = { YES: "Yes, continue", STOP: "No, stop", DOCTOR: "Wants to speak to a doctor first" } as const;

/** Loads the check-in (an audited view), or the not-found page for a bad or unknown id. */
async function loadCase(id: string) {
  const actor = await requireStaff(`/staff/check-ins/${id}`, CHECK_IN_REVIEWER_ROLES);
  const parsed = checkInParamsSchema.safeParse({ id });
  if (!parsed.success) notFound();
  try {
    return await getCheckInCase(actor, parsed.data.id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

function Decision({ found }: { found: CheckInCase }) {
  if (found.status !== "SUBMITTED") {
    return found.decision ? (
      <p>
        {STATUS[found.status]} by {found.decision.byName ?? "a former member of staff"} on {formatDateTime(found.decision.at)}
        {found.decision.note ? `: ${found.decision.note}` : "."}
      </p>
    ) : (
      <p>{STATUS[found.status]}.</p>
    );
  }
  if (found.ownCaseNotice) return <p>{found.ownCaseNotice}.</p>;
  if (!found.claim?.isMine) {
    return (
      <>
        {found.claim && !found.claim.isStale ? <p>{found.claim.byName} is reviewing this check-in.</p> : null}
        <StaffActionButton path={`/api/staff/check-ins/${found.id}/claim`} label={found.claim ? "Take over this check-in" : "Claim this check-in"} busyLabel="Claiming..." />
      </>
    );
  }
  return (
    <>
      <ApproveCheckInForm checkInId={found.id} dose={found.dose} needsWeight={found.weight !== null} />
      <ReferCheckInForm checkInId={found.id} />
      <StaffActionButton path={`/api/staff/check-ins/${found.id}/release`} label="Release to the queue" busyLabel="Releasing..." secondary />
    </>
  );
}

export default async function StaffCheckInPage({ params }: Props) {
  const found = await loadCase((await params).id);
  const { answers } = found;
  return (
    <>
      <p>
        <Link href="/staff/check-ins">Back to the check-ins queue</Link>
      </p>
      <StaffHeading intro={`${STATUS[found.status]} · renewal ${formatDateTime(found.dueBy)}`}>Check-in {found.reference}</StaffHeading>
      <StaffCard title="Decision" headingId="decision-heading">
        <Decision found={found} />
      </StaffCard>
      <StaffCard title="Answers" headingId="answers-heading">
        {found.flags.length ? (
          <ul aria-label="Flags">
            {found.flags.map((flag, index) => (
              <li key={`${flag.kind}-${index}`} className="form-message-error">
                {flag.href ? <Link href={flag.href}>{flag.label}</Link> : flag.label}
              </li>
            ))}
          </ul>
        ) : null}
        <dl className={styles.facts}>
          {answers.weightKg ? (
            <div>
              <dt>Weight today</dt>
              <dd>{answers.weightKg} kg</dd>
            </div>
          ) : null}
          {found.dose ? (
            <>
              <div>
                <dt>Dose at this check-in</dt>
                <dd>
                  {found.dose.current} {found.dose.frequency}
                </dd>
              </div>
              <div>
                <dt>Asked for next</dt>
                <dd>{found.dose.requested ? (found.dose.requested === found.dose.current ? `Stay on ${found.dose.requested}` : `Step up to ${found.dose.requested}`) : "—"}</dd>
              </div>
              {found.dose.approved ? (
                <div>
                  <dt>Approved dose</dt>
                  <dd>{found.dose.approved}</dd>
                </div>
              ) : null}
            </>
          ) : null}
          <div>
            <dt>Side effects since the last supply</dt>
            <dd className={styles.breakable}>{answers.sideEffects ?? "None"}</dd>
          </div>
          <div>
            <dt>New conditions or medicines</dt>
            <dd className={styles.breakable}>{answers.newConditions ?? "None"}</dd>
          </div>
          <div>
            <dt>Continue?</dt>
            <dd>{answers.wantsToContinue ? CONTINUE[answers.wantsToContinue] : "Not answered yet"}</dd>
          </div>
          <div>
            <dt>Answered</dt>
            <dd>{answers.submittedAt ? formatDateTime(answers.submittedAt) : "—"}</dd>
          </div>
        </dl>
        {found.dose ? (
          <p>
            <small>Dose rule: {found.dose.source}</small>
          </p>
        ) : null}
      </StaffCard>
      {found.weight ? <CheckInWeightCard found={found} weight={found.weight} /> : null}
      {found.progress ? (
        <StaffCard title="Hair progress photos" headingId="progress-heading">
          {found.progress.checkInSetId ? null : <p>{found.answers.submittedAt ? "No photos were sent with this check-in." : "The patient sends photos with their answers."}</p>}
          {found.progress.sets.length ? (
            <ProgressComparison
              sets={found.progress.sets}
              caption="The patient's progress photos by date"
              marked={found.progress.checkInSetId ? { setId: found.progress.checkInSetId, label: "this check-in" } : undefined}
            />
          ) : (
            <p>The patient has no progress photos yet.</p>
          )}
        </StaffCard>
      ) : null}
      <StaffCard title="Patient and subscription" headingId="subscription-heading">
        <dl className={styles.facts}>
          <div>
            <dt>Patient</dt>
            <dd className={styles.breakable}>
              {found.patient.name} ({found.patient.email})
            </dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>
              {found.subscription.planName} · {found.subscription.productName}
            </dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatDateTime(found.subscription.startedAt)}</dd>
          </div>
        </dl>
      </StaffCard>
      <StaffCard title="Previous supplies" headingId="supplies-heading">
        {found.previousSupplies.length ? (
          <ul>
            {found.previousSupplies.map((supply) => (
              <li key={supply.reference}>
                {supply.reference}, paid {supply.paidAt ? formatDateTime(supply.paidAt) : "—"} ({supply.status.toLowerCase().replace(/_/g, " ")})
                {supply.checkInReference ? `, after check-in ${supply.checkInReference}` : ", first supply"}
              </li>
            ))}
          </ul>
        ) : (
          <p>None yet.</p>
        )}
      </StaffCard>
      <StaffCard title="Earlier check-ins" headingId="earlier-heading">
        {found.earlierCheckIns.length ? (
          <ul>
            {found.earlierCheckIns.map((other) => (
              <li key={other.reference}>
                {other.reference}, renewal {formatDateTime(other.dueBy)}: {STATUS[other.status].toLowerCase()}
              </li>
            ))}
          </ul>
        ) : (
          <p>This is the first check-in.</p>
        )}
      </StaffCard>
    </>
  );
}
