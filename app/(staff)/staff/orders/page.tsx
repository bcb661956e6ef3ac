import type { Metadata } from "next";
import Link from "next/link";
import { ORDER_STATUS_LABELS } from "@/lib/orders/order-timeline";
import { requireStaff } from "@/lib/server/auth/guards";
import { listOrderQueue } from "@/lib/server/orders/review/list-order-queue";
import type { StaffRole } from "@/lib/server/actor/types";
import { ORDER_CASE_ROLES, ORDER_PRESCRIBER_ROLES, ORDER_STAFF_ROLES } from "@/lib/server/orders/review/order-review-kind";
import type { OrderQueueItem } from "@/lib/server/orders/review/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { formatLondonTime } from "../_components/format-time";
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
                {formatLondonTime(item.paidAt)} (waiting {waited(item.paidAt, now)})
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

const includes = (roles: readonly StaffRole[], role: StaffRole) => roles.includes(role);

export default async function OrderQueuePage() {
  const actor = await requireStaff("/staff/orders", ORDER_CASE_ROLES);
  const now = new Date();
  const queue = await listOrderQueue(actor, now);
  const prescribes = includes(ORDER_PRESCRIBER_ROLES, actor.user.role);
  const prescribeCard = (
    <StaffCard title={`Waiting for a prescriber (${queue.prescribe.length})`} headingId="prescribe-heading">
      <p>Prescription-only medicines paid for in the shop. Prescribe or decline each within 24 hours of payment; a pharmacist then dispenses it.</p>
      {queue.prescribe.length ? <OrderList items={queue.prescribe} labelledBy="prescribe-heading" now={now} /> : <p>No orders are waiting for a prescriber.</p>}
    </StaffCard>
  );
  if (!includes(ORDER_STAFF_ROLES, actor.user.role)) {
    return (
      <>
        <StaffHeading intro="Shop orders whose prescription-only medicine waits for your prescription, oldest first.">Orders to prescribe</StaffHeading>
        {prescribeCard}
      </>
    );
  }
  return (
    <>
      <StaffHeading intro="Paid orders, oldest first. Every order with a medicine waits for a pharmacist before it is sent.">Orders queue</StaffHeading>
      {prescribes ? prescribeCard : null}
      <StaffCard title={`Awaiting pharmacist (${queue.review.length})`} headingId="review-heading">
        {queue.review.length ? <OrderList items={queue.review} labelledBy="review-heading" now={now} /> : <p>No orders are waiting for a pharmacist.</p>}
      </StaffCard>
      <StaffCard title={`Invited to a consultation (${queue.invited.length})`} headingId="invited-heading">
        {queue.invited.length ? <OrderList items={queue.invited} labelledBy="invited-heading" now={now} /> : <p>No orders are waiting for a consultation.</p>}
      </StaffCard>
      <StaffCard title={`Ready to dispatch (${queue.dispatch.length})`} headingId="dispatch-heading">
        {queue.dispatch.length ? <OrderList items={queue.dispatch} labelledBy="dispatch-heading" now={now} showClaim={false} /> : <p>Nothing to dispatch.</p>}
      </StaffCard>
    </>
  );
}
