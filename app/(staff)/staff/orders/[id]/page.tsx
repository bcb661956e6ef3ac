import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeclineForm } from "@/components/staff/decline-form";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import { formatPence } from "@/lib/format/money";
import { ORDER_STATUS_LABELS } from "@/lib/orders/order-timeline";
import { requireStaff } from "@/lib/server/auth/guards";
import { listConsultationTypes } from "@/lib/server/booking/list-consultation-types";
import { AppError } from "@/lib/server/errors/app-error";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { ORDER_STAFF_ROLES, REVIEWABLE } from "@/lib/server/orders/review/order-review-kind";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { orderEventLabel } from "@/lib/server/orders/order-events";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ORDER_DECLINE_REASON_MAX, orderParamsSchema } from "@/lib/validation/order-review";
import { formatLondonTime } from "../../_components/format-time";
import { StaffCard, StaffHeading } from "../../_components/staff-card";
import { DispatchForm, InviteForm } from "./_components/order-actions";
import styles from "@/components/staff/case-sections.module.css";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Order", description: "A shop order under review.", path: "/staff/orders", noIndex: true });
}

const KIND_LABELS: Record<string, string> = { COSMETIC: "Cosmetic", PHARMACY_MEDICINE: "P medicine", PRESCRIPTION_ONLY: "POM", SERVICE: "Service" };

/** Loads the order (an audited view), or the not-found page for a bad or unknown id. */
async function loadOrder(id: string): Promise<{ order: OrderCase; types: { slug: string; name: string }[] }> {
  const actor = await requireStaff(`/staff/orders/${id}`, ORDER_STAFF_ROLES);
  const parsed = orderParamsSchema.safeParse({ id });
  if (!parsed.success) notFound();
  try {
    const [order, types] = await Promise.all([getOrderCase(actor, parsed.data.id), listConsultationTypes().then((all) => all.map(({ slug, name }) => ({ slug, name })))]);
    return { order, types };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

function Review({ order, types }: { order: OrderCase; types: { slug: string; name: string }[] }) {
  if (order.status === "AWAITING_DISPATCH") return <DispatchForm orderId={order.id} />;
  if (!REVIEWABLE.includes(order.status)) return <p>No action is needed on this order.</p>;
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
      <StaffActionButton path={`/api/staff/orders/${order.id}/dispense`} label="Dispense" busyLabel="Dispensing..." />
      {order.status === "AWAITING_PHARMACIST" ? <InviteForm orderId={order.id} types={types} /> : null}
      <DeclineForm path={`/api/staff/orders/${order.id}/decline`} maxLength={ORDER_DECLINE_REASON_MAX} />
      <StaffActionButton path={`/api/staff/orders/${order.id}/release`} label="Put back in the queue" busyLabel="Releasing..." secondary />
    </div>
  );
}

export default async function StaffOrderPage({ params }: Props) {
  const { order, types } = await loadOrder((await params).id);
  return (
    <>
      <p>
        <Link href="/staff/orders">Back to the orders queue</Link>
      </p>
      <StaffHeading intro={`${ORDER_STATUS_LABELS[order.status]}${order.paidAt ? ` · paid ${formatLondonTime(order.paidAt)}` : ""}`}>Order {order.reference}</StaffHeading>
      <StaffCard title="Review" headingId="review-heading">
        <Review order={order} types={types} />
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
      {order.subscription ? (
        <StaffCard title="Subscription" headingId="subscription-heading">
          <p>
            Supply {order.subscription.supplyNumber} of a {order.subscription.planName} subscription
            {order.subscription.assessmentTakenAt ? `, on the assessment taken ${formatLondonTime(order.subscription.assessmentTakenAt)}` : ""}.
          </p>
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
      <StaffCard title="Items" headingId="items-heading">
        <ul className={styles.stack}>
          {order.lines.map((line, index) => (
            <li key={index}>
              <strong>{line.name}</strong> ({KIND_LABELS[line.kind] ?? line.kind}, {line.durationLabel}) × {line.quantity}: {formatPence(line.lineTotalPence)}
            </li>
          ))}
        </ul>
        <dl className={styles.facts}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatPence(order.subtotalPence)}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd>{formatPence(order.discountPence)}</dd>
          </div>
          <div>
            <dt>{order.delivery.name}</dt>
            <dd>{formatPence(order.delivery.pricePence)}</dd>
          </div>
          <div>
            <dt>Total paid</dt>
            <dd>{formatPence(order.totalPence)}</dd>
          </div>
        </dl>
      </StaffCard>
      <StaffCard title="Patient and delivery" headingId="patient-heading">
        <dl className={styles.facts}>
          <div>
            <dt>Email</dt>
            <dd className={styles.breakable}>{order.email}</dd>
          </div>
          <div>
            <dt>Account</dt>
            <dd>{order.hasAccount ? "Yes" : "Guest checkout"}</dd>
          </div>
          <div>
            <dt>Deliver to</dt>
            <dd>
              {order.delivery.address.map((line) => (
                <span key={line} style={{ display: "block" }}>
                  {line}
                </span>
              ))}
            </dd>
          </div>
        </dl>
      </StaffCard>
      {order.lines
        .filter((line) => line.assessment)
        .map((line, index) => (
          <StaffCard key={line.assessment!.id} title={`${line.assessment!.title} answers`} headingId={`answers-heading-${index}`}>
            <p>Submitted {line.assessment!.submittedAt ? formatLondonTime(line.assessment!.submittedAt) : "—"}; locked.</p>
            <dl className={styles.answers}>
              {line.assessment!.answers.map((answer) => (
                <div key={answer.step} className={styles.answer}>
                  <dt>
                    Question {answer.step}. {answer.question}
                  </dt>
                  {answer.answer.map((text, lineIndex) => (
                    <dd key={lineIndex}>{text}</dd>
                  ))}
                </div>
              ))}
            </dl>
          </StaffCard>
        ))}
      <StaffCard title="Timeline" headingId="timeline-heading">
        <ol className={styles.stack}>
          {order.timeline.map((event, index) => (
            <li key={index}>
              {formatLondonTime(event.at)}: {orderEventLabel(event.kind)}
              {typeof event.detail.tracking_reference === "string" ? ` (${event.detail.tracking_reference})` : ""}
            </li>
          ))}
        </ol>
      </StaffCard>
    </>
  );
}
