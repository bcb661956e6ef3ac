import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/lib/server/auth/guards";
import { CHECK_IN_REVIEWER_ROLES } from "@/lib/server/check-ins/check-in-review-kind";
import { listCheckInQueue } from "@/lib/server/check-ins/list-check-in-queue";
import type { CheckInQueueItem } from "@/lib/server/check-ins/types";
import { QUEUE_PAGE_SIZE, queueQuery } from "@/lib/server/staff-review/queue-page";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { Pager } from "@/components/pager/pager";
import styles from "@/components/staff/queue-list.module.css";
import { formatDateTime } from "@/lib/format/dates";
import { QueueSearch } from "../_components/queue-search";
import { StaffCard, StaffHeading } from "../_components/staff-card";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Check-ins queue", description: "Renewal check-ins waiting for a prescriber.", path: "/staff/check-ins", noIndex: true });
}

function claimText(item: CheckInQueueItem): string {
  if (!item.claim) return item.ownCaseNotice ?? "Nobody";
  if (item.claim.isMine) return "You";
  return item.claim.isStale ? `${item.claim.byName} (claim lapsed)` : item.claim.byName;
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CheckInQueuePage({ searchParams }: Props) {
  const actor = await requireStaff("/staff/check-ins", CHECK_IN_REVIEWER_ROLES);
  const queue = await listCheckInQueue(actor, queueQuery(await searchParams));
  const { items } = queue;
  return (
    <>
      <StaffHeading intro="Answered renewal check-ins, oldest first. A prescription-only renewal is charged and supplied only once you approve it.">Check-ins queue</StaffHeading>
      <QueueSearch path="/staff/check-ins" kind="check-in" example="CI-7K3Q9D" reference={queue.reference} found={items.length > 0} />
      <StaffCard title={`Waiting for a prescriber (${queue.total})`} headingId="check-ins-heading">
        {items.length ? (
          <ol className={styles.list} aria-labelledby="check-ins-heading">
            {items.map((item) => (
              <li key={item.id} className={styles.item}>
                {/* No prefetch: opening a check-in is an audited view of medical data. */}
                <Link href={`/staff/check-ins/${item.id}`} prefetch={false} className={styles.reference}>
                  {item.reference}
                </Link>
                <dl className={styles.facts}>
                  <div>
                    <dt>Patient</dt>
                    <dd>{item.patientName}</dd>
                  </div>
                  <div>
                    <dt>Plan</dt>
                    <dd>{item.planName}</dd>
                  </div>
                  <div>
                    <dt>Answered</dt>
                    <dd>{formatDateTime(item.submittedAt)}</dd>
                  </div>
                  <div>
                    <dt>Renewal</dt>
                    <dd>{item.late ? `${formatDateTime(item.dueBy)} (passed: approval charges at once)` : formatDateTime(item.dueBy)}</dd>
                  </div>
                  <div>
                    <dt>Attention</dt>
                    <dd>{item.flagged ? "Flagged: read the answers" : "—"}</dd>
                  </div>
                  <div>
                    <dt>Claimed by</dt>
                    <dd>{claimText(item)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        ) : (
          <p>{queue.reference ? `${queue.reference} is not waiting for a prescriber.` : queue.isLaterPage ? "No more check-ins are waiting." : "No check-ins are waiting."}</p>
        )}
        <Pager
          label="Queue pages"
          first={queue.isLaterPage ? { href: "/staff/check-ins", text: "Oldest check-ins" } : null}
          next={queue.nextAfter ? { href: `/staff/check-ins?after=${encodeURIComponent(queue.nextAfter)}`, text: `Next ${QUEUE_PAGE_SIZE} check-ins` } : null}
        />
      </StaffCard>
    </>
  );
}
