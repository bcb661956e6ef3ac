import { DeclineForm } from "@/components/staff/decline-form";
import { GpConsentOverrideForm } from "@/components/staff/gp-consent-override-form";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { ORDER_PRESCRIBER_ROLES, ORDER_STAFF_ROLES, REVIEWABLE } from "@/lib/server/orders/review/order-review-kind";
import { supplyBlocked } from "@/lib/server/supply-checks/evaluate";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { ORDER_DECLINE_REASON_MAX } from "@/lib/validation/order-review";
import { DispatchForm, InviteForm } from "./order-actions";
import { PrescribeForm } from "./prescribe-form";
import styles from "@/components/staff/case-sections.module.css";

export type ConsultationTypeOption = { slug: string; name: string };

/**
 * What the viewer may do with the order now: a prescriber claims an order whose
 * prescription-only medicine waits for them and prescribes or declines it; the pharmacist
 * claims, dispenses (once prescribed), invites or declines, then marks it dispatched.
 */
export function OrderReview({ order, types, viewerRole }: { order: OrderCase; types: ConsultationTypeOption[]; viewerRole: StaffRole }) {
  const canPrescribe = (ORDER_PRESCRIBER_ROLES as readonly StaffRole[]).includes(viewerRole) && order.awaitingPrescriber;
  const canDispense = (ORDER_STAFF_ROLES as readonly StaffRole[]).includes(viewerRole);
  if (order.status === "AWAITING_DISPATCH") return canDispense ? <DispatchForm orderId={order.id} /> : <p>Dispensed: no action is needed from a prescriber.</p>;
  if (!REVIEWABLE.includes(order.status)) return <p>No action is needed on this order.</p>;
  if (!canDispense && !canPrescribe) return <p>{order.authorisation ? "Prescribed: waiting for a pharmacist to dispense it." : "No prescription-only medicine here waits for a prescriber."}</p>;
  // Separation of duties: no claim, and no decision even under a claim taken before the rule.
  if (order.ownNotice) return <p><strong>{order.ownNotice}.</strong></p>;
  const claim = order.claim;
  if (!claim || (!claim.isMine && claim.isStale)) {
    return (
      <div className={styles.stack}>
        {claim ? <p>{claim.byName}&apos;s claim has lapsed: you may take the order over.</p> : <p>Nobody is reviewing this order.</p>}
        <StaffActionButton path={`/api/staff/orders/${order.id}/claim`} label="Review this order" busyLabel="Claiming..." />
      </div>
    );
  }
  if (!claim.isMine) return <p>{claim.byName} is reviewing this order.</p>;
  // Before prescribing, every check but the prescriber's own authorisation must be met.
  const beforePrescribing = supplyBlocked(order.supplyChecks.filter((check) => check.key !== "prescriber_authorisation"));
  return (
    <div className={styles.stack}>
      <p>You are reviewing this order.</p>
      {canPrescribe ? <PrescribeForm orderId={order.id} blockedReason={beforePrescribing} /> : null}
      {canDispense ? (
        <StaffActionButton path={`/api/staff/orders/${order.id}/dispense`} label="Dispense" busyLabel="Dispensing..." blockedReason={supplyBlocked(order.supplyChecks)} />
      ) : null}
      {order.supplyChecks.some((check) => check.key === "gp_consent" && check.state === "unmet") ? <GpConsentOverrideForm path={`/api/staff/orders/${order.id}/gp-consent-override`} /> : null}
      {canDispense && order.status === "AWAITING_PHARMACIST" ? <InviteForm orderId={order.id} types={types} /> : null}
      <DeclineForm path={`/api/staff/orders/${order.id}/decline`} maxLength={ORDER_DECLINE_REASON_MAX} />
      <StaffActionButton path={`/api/staff/orders/${order.id}/release`} label="Put back in the queue" busyLabel="Releasing..." secondary />
    </div>
  );
}
