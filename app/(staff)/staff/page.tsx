import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/lib/server/auth/guards";
import { countReviewQueue } from "@/lib/server/prescription-review/count-review-queue";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ROLE_LABELS } from "./_components/staff-links";
import { StaffCard, StaffHeading } from "./_components/staff-card";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Staff area", description: "Staff tools for reviewing prescription requests.", path: "/staff", noIndex: true });
}

export default async function StaffHomePage() {
  const actor = await requireStaff("/staff");
  const role = actor.user.role;
  const isReviewer = (REVIEWER_ROLES as readonly string[]).includes(role);
  const counts = isReviewer ? await countReviewQueue(actor) : null;
  return (
    <>
      <StaffHeading intro={`Signed in as ${actor.user.name} (${ROLE_LABELS[role]}).`}>Staff area</StaffHeading>
      {counts ? (
        <StaffCard title="Prescription requests" headingId="queue-heading">
          <p>
            {counts.open === 1 ? "1 request waits" : `${counts.open} requests wait`} for a decision
            {counts.overdue > 0 ? (
              <>
                , <strong>{counts.overdue} overdue</strong>
              </>
            ) : null}
            .
          </p>
          <Link href="/staff/prescriptions" className="button">
            Open the queue
          </Link>
        </StaffCard>
      ) : (
        <StaffCard title="Orders" headingId="orders-heading">
          <p>Medical orders to check will appear here. There is nothing for pharmacists to do in the staff area yet.</p>
        </StaffCard>
      )}
      {role === "ADMIN" ? (
        <StaffCard title="Audit log" headingId="audit-heading">
          <p>Every staff view of a patient&apos;s medical data and every decision, newest first.</p>
          <Link href="/staff/audit" className="button button-secondary">
            Read the audit log
          </Link>
        </StaffCard>
      ) : null}
    </>
  );
}
