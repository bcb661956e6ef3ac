import { DeclineForm } from "@/components/staff/decline-form";
import { GpConsentOverrideForm } from "@/components/staff/gp-consent-override-form";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import { REVIEWABLE } from "@/lib/server/orders/review/order-review-kind";
import { supplyBlocked } from "@/lib/server/supply-checks/evaluate";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { ORDER_DECLINE_REASON_MAX } from "@/lib/validation/order-review";
import { DispatchForm, InviteForm } from "./order-actions";
import styles from "@/components/staff/case-sections.module.css";

export type ConsultationTypeOption = { slug: string; name: string };

/** What the pharmacist may do with the order now: claim it, decide it, or mark it dispatched. */
export function OrderReview({ order, types }: { order: OrderCase; types: ConsultationTypeOption[] }) {
  if (order.status === "AWAITING_DISPATCH") return <DispatchForm orderId={order.id} />;
  if (!REVIEWABLE.includes(order.status)) return <p>No action is needed on this order.</p>;
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
  return (
    <div className={styles.stack}>
      <p>You are reviewing this order.</p>
      <StaffActionButton path={`/api/staff/orders/${order.id}/dispense`} label="Dispense" busyLabel="Dispensing..." blockedReason={supplyBlocked(order.supplyChecks)} />
      {order.supplyChecks.some((check) => check.key === "gp_consent" && check.state === "unmet") ? <GpConsentOverrideForm path={`/api/staff/orders/${order.id}/gp-consent-override`} /> : null}
      {order.status === "AWAITING_PHARMACIST" ? <InviteForm orderId={order.id} types={types} /> : null}
      <DeclineForm path={`/api/staff/orders/${order.id}/decline`} maxLength={ORDER_DECLINE_REASON_MAX} />
      <StaffActionButton path={`/api/staff/orders/${order.id}/release`} label="Put back in the queue" busyLabel="Releasing..." secondary />
    </div>
  );
}
