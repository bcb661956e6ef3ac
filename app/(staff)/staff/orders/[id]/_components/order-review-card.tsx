import type { StaffRole } from "@/lib/server/core/actor/types";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";
import { REVIEWABLE } from "@/lib/server/orders/review/order-review-kind";
import { OrderReview, type ConsultationTypeOption } from "./order-review";
import styles from "@/components/staff/case-sections.module.css";

/** Who authorised the supply, by how: the order prescribed, its renewal check-in approved, or the plan's issued prescription. */
const AUTHORISED_BY = { authorisation: "Prescribed by", check_in: "Renewal approved by", prescription: "Prescription issued by" } as const;
const AUTHORISED_WHEN = { authorisation: "Prescribed", check_in: "Approved", prescription: "Issued" } as const;

/** "Review": who prescribed it (or that a prescriber is awaited), the actions open to the viewer, then what was decided (invitation, decline, tracking). */
export function OrderReviewCard({ order, types, viewerRole }: { order: OrderCase; types: ConsultationTypeOption[]; viewerRole: StaffRole }) {
  const authorisation = order.authorisation;
  return (
    <StaffCard title="Review" headingId="review-heading">
      <div className={styles.stack}>
        {order.awaitingPrescriber && REVIEWABLE.includes(order.status) ? <p>Waiting for a prescriber: the prescription-only medicine is dispensed only once a prescriber prescribes it.</p> : null}
        {authorisation ? (
          <dl className={styles.facts} aria-label="Prescriber's authorisation">
            <div>
              <dt>{AUTHORISED_BY[authorisation.via]}</dt>
              <dd>{authorisation.prescriberName}</dd>
            </div>
            <div>
              <dt>Registration</dt>
              <dd>{authorisation.registration ?? "Not recorded"}</dd>
            </div>
            <div>
              <dt>{AUTHORISED_WHEN[authorisation.via]}</dt>
              <dd>{formatDateTime(authorisation.at)}</dd>
            </div>
            {authorisation.directions ? (
              <div>
                <dt>Directions</dt>
                <dd className={styles.breakable}>{authorisation.directions}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <OrderReview order={order} types={types} viewerRole={viewerRole} />
      </div>
      {order.invitation ? (
        <p>
          Invited to a {order.invitation.typeName.toLowerCase()} ({order.invitation.used ? "booked" : `not booked yet; the invitation expires ${formatDateTime(order.invitation.expiresAt)}`}).
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
