import type { Metadata } from "next";
import { requireStaff } from "@/lib/server/auth/guards";
import { listReviewQueue } from "@/lib/server/prescription-review/list-review-queue";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { QUEUE_PAGE_SIZE, queueQuery } from "@/lib/server/staff-review/queue-page";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { Pager } from "@/components/pager/pager";
import { QueueSearch } from "../_components/queue-search";
import { StaffCard, StaffHeading } from "../_components/staff-card";
import { QueueList } from "./_components/queue-list";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Prescriptions queue", description: "Paid prescription requests waiting for a prescriber.", path: "/staff/prescriptions", noIndex: true });
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PrescriptionQueuePage({ searchParams }: Props) {
  const actor = await requireStaff("/staff/prescriptions", REVIEWER_ROLES);
  const now = new Date();
  const queue = await listReviewQueue(actor, queueQuery(await searchParams), now);
  const overdue = queue.overdueTotal;
  return (
    <>
      <StaffHeading intro="Paid requests, oldest first. Each must be decided within 24 hours of payment.">Prescriptions queue</StaffHeading>
      <QueueSearch path="/staff/prescriptions" kind="request" example="PR-7K3Q9D" reference={queue.reference} found={queue.open.length + queue.decided.length > 0} />
      <StaffCard title={`Waiting for a decision (${queue.openTotal})`} headingId="open-heading">
        {overdue > 0 ? (
          <p>
            <strong>{overdue === 1 ? "1 request is overdue." : `${overdue} requests are overdue.`}</strong>
          </p>
        ) : null}
        {queue.open.length ? (
          <QueueList items={queue.open} now={now} labelledBy="open-heading" />
        ) : (
          <p>{queue.reference ? `${queue.reference} is not waiting for a decision.` : queue.isLaterPage ? "No more requests are waiting." : "No requests are waiting. Well done."}</p>
        )}
        <Pager
          label="Queue pages"
          first={queue.isLaterPage ? { href: "/staff/prescriptions", text: "Oldest requests" } : null}
          next={queue.nextAfter ? { href: `/staff/prescriptions?after=${encodeURIComponent(queue.nextAfter)}`, text: `Next ${QUEUE_PAGE_SIZE} requests` } : null}
        />
      </StaffCard>
      <StaffCard title="Decided in the last 7 days" headingId="decided-heading">
        {queue.decided.length ? <QueueList items={queue.decided} now={now} labelledBy="decided-heading" decided /> : <p>{queue.reference ? `${queue.reference} was not decided in the last week.` : "Nothing decided in the last week."}</p>}
      </StaffCard>
    </>
  );
}
