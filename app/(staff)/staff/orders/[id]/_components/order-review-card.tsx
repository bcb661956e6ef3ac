import type { OrderCase } from "@/lib/server/orders/review/types";
import { formatLondonTime } from "../../../_components/format-time";
import { StaffCard } from "../../../_components/staff-card";
import { OrderReview, type ConsultationTypeOption } from "./order-review";
import styles from "@/components/staff/case-sections.module.css";

/** "Review": the actions open to the pharmacist, then what was decided (invitation, decline, tracking). */
export function OrderReviewCard({ order, types }: { order: OrderCase; types: ConsultationTypeOption[] }) {
  return (
    <StaffCard title="Review" headingId="review-heading">
      <OrderReview order={order} types={types} />
      {order.invitation ? (
        <p>
          Invited to a {order.invitation.typeName.toLowerCase()} ({order.invitation.used ? "booked" : `not booked yet; the invitation expires ${formatLondonTime(order.invitation.expiresAt)}`}).
        </p>
      ) : null}
      {order.declineReason ? (
        <dl className={styles.facts}>
          <div>
            <dt>Declined by</dt>
            <dd>{order.decidedByName ?? "—"}</dd>
          </div>
          <div>
            <dt>Reason given</dt>
            <dd className={styles.breakable}>{order.declineReason}</dd>
          </div>
        </dl>
      ) : null}
      {order.trackingReference ? <p>Tracking reference: {order.trackingReference}</p> : null}
    </StaffCard>
  );
}
