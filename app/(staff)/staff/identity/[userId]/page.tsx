import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireStaff } from "@/lib/server/auth/guards";
import { AppError } from "@/lib/server/core/errors/app-error";
import { IDENTITY_REVIEWER_ROLES } from "@/lib/server/identity/decide-identity-duplicate";
import { getIdentityReview } from "@/lib/server/identity/get-identity-review";
import type { IdentityReviewView, StaffCaseLink } from "@/lib/server/identity/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard, StaffHeading } from "../../_components/staff-card";
import { DuplicateDecisionForm } from "./_components/duplicate-decision-form";
import styles from "./page.module.css";

type Props = { params: Promise<{ userId: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Patient identity", description: "A patient's verified identity and accounts that look like the same person.", path: "/staff/identity", noIndex: true });
}

const DECISIONS = {
  DIFFERENT_PEOPLE: "Different people: supply may go ahead",
  SAME_PERSON_SUPPLY_ALLOWED: "The same person, known and reviewed: supply may go ahead",
  SAME_PERSON_DECLINE: "The same person: no supply",
} as const;

async function load(userId: string): Promise<IdentityReviewView> {
  const actor = await requireStaff(`/staff/identity/${userId}`, IDENTITY_REVIEWER_ROLES);
  if (!/^[0-9a-f-]{36}$/i.test(userId)) notFound();
  try {
    return await getIdentityReview(actor, userId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

function Cases({ cases, label }: { cases: StaffCaseLink[]; label: string }) {
  if (!cases.length) return <p>No requests or orders.</p>;
  return (
    <ul className={styles.cases} aria-label={label}>
      {cases.map((item) => (
        <li key={item.href}>
          <a href={item.href}>{item.reference}</a> <span className={styles.status}>{item.status.replaceAll("_", " ").toLowerCase()}</span>
        </li>
      ))}
    </ul>
  );
}

export default async function StaffIdentityPage({ params }: Props) {
  const review = await load((await params).userId);
  const { patient, verified, duplicates } = review;
  return (
    <>
      <StaffHeading intro={patient.email}>Identity of {patient.name}</StaffHeading>
      <StaffCard title="Verified document" headingId="verified-heading">
        {verified ? (
          <dl className={styles.facts}>
            <div>
              <dt>Name on the document</dt>
              <dd>{verified.name}</dd>
            </div>
            <div>
              <dt>Date of birth</dt>
              <dd>{verified.dateOfBirth}</dd>
            </div>
            <div>
              <dt>Verified</dt>
              <dd>{formatDateTime(verified.verifiedAt)}</dd>
            </div>
          </dl>
        ) : (
          <p>This patient has not verified their identity.</p>
        )}
        <h3 className={styles.subheading}>This patient&apos;s requests and orders</h3>
        <Cases cases={patient.cases} label={`Requests and orders of ${patient.email}`} />
      </StaffCard>
      <StaffCard title="Accounts that look like the same person" headingId="duplicates-heading">
        {duplicates.length ? null : <p>No other account has the same identity document, or the same name, date of birth and delivery postcode.</p>}
        {duplicates.map((duplicate) => (
          <section key={duplicate.userId} className={styles.duplicate} aria-labelledby={`dup-${duplicate.userId}`}>
            <h3 id={`dup-${duplicate.userId}`} className={styles.subheading}>
              {duplicate.name} ({duplicate.email})
            </h3>
            <p>Flagged for {duplicate.reasons.join("; ")}.</p>
            <Cases cases={duplicate.cases} label={`Requests and orders of ${duplicate.email}`} />
            {duplicate.decision ? (
              <p className={styles.decided}>
                Decided {formatDateTime(duplicate.decision.decidedAt)}: {DECISIONS[duplicate.decision.decision]}. &ldquo;{duplicate.decision.note}&rdquo;
              </p>
            ) : (
              <p className={styles.undecided}>No decision yet: prescription-only supplies to either account wait for one.</p>
            )}
            <DuplicateDecisionForm userId={patient.id} otherUserId={duplicate.userId} otherEmail={duplicate.email} />
          </section>
        ))}
      </StaffCard>
    </>
  );
}
