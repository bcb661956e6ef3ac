import type { Metadata } from "next";
import { requireStaff } from "@/lib/server/auth/guards";
import { listReviewQueue } from "@/lib/server/prescription-review/list-review-queue";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { StaffCard, StaffHeading } from "../_components/staff-card";
import { QueueList } from "./_components/queue-list";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Prescriptions queue", description: "Paid prescription requests waiting for a prescriber.", path: "/staff/prescriptions", noIndex: true });
}

export default async function PrescriptionQueuePage() {
  const actor = await requireStaff("/staff/prescriptions", REVIEWER_ROLES);
  const now = new Date();
  const queue = await listReviewQueue(actor, now);
  const overdue = queue.open.filter((item) => item.dueAt && new Date(item.dueAt) <= now).length;
  return (
    <>
      <StaffHeading intro="Paid requests, oldest first. Each must be decided within 24 hours of payment.">Prescriptions queue</StaffHeading>
      <StaffCard title={`Waiting for a decision (${queue.open.length})`} headingId="open-heading">
        {overdue > 0 ? (
          <p>
            <strong>{overdue === 1 ? "1 request is overdue." : `${overdue} requests are overdue.`}</strong>
          </p>
        ) : null}
        {queue.open.length ? <QueueList items={queue.open} now={now} labelledBy="open-heading" /> : <p>No requests are waiting. Well done.</p>}
      </StaffCard>
      <StaffCard title="Decided in the last 7 days" headingId="decided-heading">
        {queue.decided.length ? <QueueList items={queue.decided} now={now} labelledBy="decided-heading" decided /> : <p>Nothing decided in the last week.</p>}
      </StaffCard>
    </>
  );
}
