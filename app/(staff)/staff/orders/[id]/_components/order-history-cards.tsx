import Link from "next/link";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { SEVERITY_LABELS } from "@/lib/side-effects/rules";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";
import styles from "@/components/staff/case-sections.module.css";

/** The order's place in a subscription and earlier refused attempts: what the pharmacist should weigh first. */
export function OrderHistoryCards({ order }: { order: OrderCase }) {
  return (
    <>
      {order.sideEffectFlags.length ? (
        <StaffCard title="Side effects reported" headingId="side-effects-heading">
          <p>Review these before supplying again; the flag clears when the report is triaged.</p>
          <ul>
            {order.sideEffectFlags.map((flag) => (
              <li key={flag.reportId}>
                <strong>
                  Side effect reported on {formatDateTime(flag.reportedAt)}: {SEVERITY_LABELS[flag.severity].toLowerCase()}
                  {flag.serious ? " (serious: told to call 999 or 111)" : ""}
                </strong>{" "}
                <Link href={`/staff/side-effects/${flag.reportId}`}>Open report {flag.reference}</Link>
              </li>
            ))}
          </ul>
        </StaffCard>
      ) : null}
      {order.subscription ? (
        <StaffCard title="Subscription" headingId="subscription-heading">
          <p>
            Supply {order.subscription.supplyNumber} of a {order.subscription.planName} subscription
            {order.subscription.assessmentTakenAt ? `, on the assessment taken ${formatDateTime(order.subscription.assessmentTakenAt)}` : ""}.
          </p>
          {order.subscription.prescription ? (
            <p>
              Supplied against prescription {order.subscription.prescription.reference}, issued {formatDateTime(order.subscription.prescription.issuedAt)} by{" "}
              {order.subscription.prescription.prescriberName} ({order.subscription.prescription.prescriberRegistration}): {order.subscription.prescription.medicine},{" "}
              {order.subscription.prescription.dose}, {order.subscription.prescription.quantity}. Directions: {order.subscription.prescription.directions}
            </p>
          ) : null}
          {order.subscription.assessmentExpired ? (
            <p className="form-message-error">
              That assessment is past its validity. Consider inviting the patient to a consultation, or declining, before dispensing again.
            </p>
          ) : null}
        </StaffCard>
      ) : null}
      {order.checkIn ? (
        <StaffCard title={`Renewal check-in ${order.checkIn.reference}`} headingId="check-in-heading">
          <p>
            This repeat supply was approved{order.checkIn.approvedByName ? ` by ${order.checkIn.approvedByName}` : ""}
            {order.checkIn.approvedAt ? ` on ${formatDateTime(order.checkIn.approvedAt)}` : ""} after the patient&apos;s check-in
            {order.checkIn.submittedAt ? ` of ${formatDateTime(order.checkIn.submittedAt)}` : ""}.
          </p>
          <dl className={styles.facts}>
            {order.checkIn.weightKg ? (
              <div>
                <dt>Weight</dt>
                <dd>{order.checkIn.weightKg} kg</dd>
              </div>
            ) : null}
            <div>
              <dt>Side effects</dt>
              <dd className={styles.breakable}>{order.checkIn.sideEffects ?? "None"}</dd>
            </div>
            <div>
              <dt>New conditions or medicines</dt>
              <dd className={styles.breakable}>{order.checkIn.newConditions ?? "None"}</dd>
            </div>
            {order.checkIn.note ? (
              <div>
                <dt>Prescriber&apos;s note</dt>
                <dd className={styles.breakable}>{order.checkIn.note}</dd>
              </div>
            ) : null}
          </dl>
        </StaffCard>
      ) : null}
      {order.earlierRefusals.length ? (
        <StaffCard title="Earlier attempts not passed" headingId="refusals-heading">
          <ul>
            {order.earlierRefusals.map((refusal, index) => (
              <li key={index}>
                {refusal.title}, {formatDateTime(refusal.at)}: {refusal.reason}
              </li>
            ))}
          </ul>
        </StaffCard>
      ) : null}
    </>
  );
}
