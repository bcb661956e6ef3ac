import type { Metadata } from "next";
import Link from "next/link";
import { ORDER_STATUS_LABELS } from "@/lib/orders/order-timeline";
import { requireStaff } from "@/lib/server/auth/guards";
import { listOrderQueue } from "@/lib/server/orders/review/list-order-queue";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { ORDER_QUEUE_SECTIONS, type OrderQueueItem, type OrderQueueList, type OrderQueueSection } from "@/lib/server/orders/review/types";
import { QUEUE_PAGE_SIZE, queueQuery } from "@/lib/server/staff-review/queue-page";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { Pager } from "@/components/pager/pager";
import { formatDateTime } from "@/lib/format/dates";
import { QueueSearch } from "../_components/queue-search";
import { StaffCard, StaffHeading } from "../_components/staff-card";
import styles from "@/components/staff/queue-list.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Orders queue", description: "Paid shop orders waiting for the pharmacist or for dispatch.", path: "/staff/orders", noIndex: true });
}

function claimText(item: OrderQueueItem): string {
  if (!item.claim) return item.ownNotice ?? "Nobody";
  if (item.claim.isMine) return "You";
  return item.claim.isStale ? `${item.claim.byName} (claim lapsed)` : item.claim.byName;
}

function waited(paidAt: string, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(paidAt).getTime()) / 3_600_000);
  return hours < 1 ? "under an hour" : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

function OrderList({ items, labelledBy, now, showClaim = true }: { items: OrderQueueItem[]; labelledBy: string; now: Date; showClaim?: boolean }) {
  return (
    <ol className={styles.list} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          {/* No prefetch: opening an order is an audited view of medical data. */}
          <Link href={`/staff/orders/${item.id}`} prefetch={false} className={styles.reference}>
            {item.reference}
          </Link>
          <dl className={styles.facts}>
            <div>
              <dt>Status</dt>
              <dd>
                {ORDER_STATUS_LABELS[item.status]}
                {item.awaitingPrescriber ? " · Waiting for a prescriber" : ""}
              </dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>
                {formatDateTime(item.paidAt)} (waiting {waited(item.paidAt, now)})
              </dd>
            </div>
            <div>
              <dt>Items</dt>
              <dd>
                {item.itemCount}
                {item.hasPom ? " · prescription-only" : ""}
              </dd>
            </div>
            {showClaim ? (
              <div>
                <dt>Claimed by</dt>
                <dd>{claimText(item)}</dd>
              </div>
            ) : null}
            {item.consultationBooked !== null ? (
              <div>
                <dt>Consultation</dt>
                <dd>{item.consultationBooked ? "Booked" : "Not booked yet"}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A list's card: its page of orders, how many it holds, and links to its next page and back to its first. */
function QueueCard({ section, list, title, empty, now, showClaim, children }: { section: OrderQueueSection; list: OrderQueueList; title: string; empty: string; now: Date; showClaim?: boolean; children?: React.ReactNode }) {
  const headingId = `${section}-heading`;
  return (
    <StaffCard title={`${title} (${list.total})`} headingId={headingId}>
      {children}
      {list.items.length ? <OrderList items={list.items} labelledBy={headingId} now={now} showClaim={showClaim} /> : <p>{list.isLaterPage ? "No more orders in this list." : empty}</p>}
      <Pager
        label={`${title}: pages`}
        first={list.isLaterPage ? { href: "/staff/orders", text: "Oldest orders" } : null}
        next={list.nextAfter ? { href: `/staff/orders?${section}=${encodeURIComponent(list.nextAfter)}`, text: `Next ${QUEUE_PAGE_SIZE} orders` } : null}
      />
    </StaffCard>
  );
}

export default async function OrderQueuePage({ searchParams }: Props) {
  const actor = await requireStaff("/staff/orders", ORDER_CASE_ROLES);
  const now = new Date();
  const params = await searchParams;
  const { reference } = queueQuery(params);
  const after = Object.fromEntries(ORDER_QUEUE_SECTIONS.map((section) => [section, queueQuery(params, section).after]));
  const queue = await listOrderQueue(actor, { after, reference }, now);
  // The queue holds only the lists this role works (the others are null, never read).
  const { prescribe, review, invited, dispatch } = queue;
  const empty = (text: string) => (queue.reference ? `${queue.reference} is not in this list.` : text);
  const search = (
    <QueueSearch
      path="/staff/orders"
      kind="order"
      example="OR-7K3Q9D"
      reference={queue.reference}
      found={ORDER_QUEUE_SECTIONS.some((section) => (queue[section]?.items.length ?? 0) > 0)}
    />
  );
  const prescribeCard = prescribe ? (
    <QueueCard section="prescribe" list={prescribe} title="Waiting for a prescriber" empty={empty("No orders are waiting for a prescriber.")} now={now}>
      <p>Prescription-only medicines paid for in the shop. Prescribe or decline each within 24 hours of payment; a pharmacist then dispenses it.</p>
    </QueueCard>
  ) : null;
  if (!review || !invited || !dispatch) {
    return (
      <>
        <StaffHeading intro="Shop orders whose prescription-only medicine waits for your prescription, oldest first.">Orders to prescribe</StaffHeading>
        {search}
        {prescribeCard}
      </>
    );
  }
  return (
    <>
      <StaffHeading intro="Paid orders, oldest first. Every order with a medicine waits for a pharmacist before it is sent.">Orders queue</StaffHeading>
      {search}
      {prescribeCard}
      <QueueCard section="review" list={review} title="Awaiting pharmacist" empty={empty("No orders are waiting for a pharmacist.")} now={now} />
      <QueueCard section="invited" list={invited} title="Invited to a consultation" empty={empty("No orders are waiting for a consultation.")} now={now} />
      <QueueCard section="dispatch" list={dispatch} title="Ready to dispatch" empty={empty("Nothing to dispatch.")} now={now} showClaim={false} />
    </>
  );
}
