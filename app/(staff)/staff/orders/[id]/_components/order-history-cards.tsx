import type { OrderCase } from "@/lib/server/orders/review/types";
import { formatLondonTime } from "../../../_components/format-time";
import { StaffCard } from "../../../_components/staff-card";

/** The order's place in a subscription and earlier refused attempts: what the pharmacist should weigh first. */
export function OrderHistoryCards({ order }: { order: OrderCase }) {
  return (
    <>
      {order.subscription ? (
        <StaffCard title="Subscription" headingId="subscription-heading">
          <p>
            Supply {order.subscription.supplyNumber} of a {order.subscription.planName} subscription
            {order.subscription.assessmentTakenAt ? `, on the assessment taken ${formatLondonTime(order.subscription.assessmentTakenAt)}` : ""}.
          </p>
          {order.subscription.prescription ? (
            <p>
              Supplied against prescription {order.subscription.prescription.reference}, issued {formatLondonTime(order.subscription.prescription.issuedAt)} by{" "}
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
      {order.earlierRefusals.length ? (
        <StaffCard title="Earlier attempts not passed" headingId="refusals-heading">
          <ul>
            {order.earlierRefusals.map((refusal, index) => (
              <li key={index}>
                {refusal.title}, {formatLondonTime(refusal.at)}: {refusal.reason}
              </li>
            ))}
          </ul>
        </StaffCard>
      ) : null}
    </>
  );
}
