import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { OrderTotals } from "@/components/orders/order-totals";
import { formatLongDate } from "@/lib/format/dates";
import { StatusTimeline } from "@/components/prescriptions/status-timeline";
import { formatPence } from "@/lib/format/money";
import { requireActor } from "@/lib/server/auth/guards";
import { AppError } from "@/lib/server/core/errors/app-error";
import { getUserOrder, type UserOrder } from "@/lib/server/orders/history/user-orders";
import { getPatientWeightStep } from "@/lib/server/weight-verification/get-patient-weight-step";
import type { PatientWeightStep } from "@/lib/server/weight-verification/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../_components/dashboard-card";
import { PageHeading } from "../../_components/page-heading";
import styles from "../prescriptions/[id]/page.module.css";
import { WeightStep } from "./_components/weight-step";

type Props = { params: Promise<{ reference: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Order", description: "Your order and its progress.", path: "/dashboard/orders", noIndex: true });
}

async function load(reference: string): Promise<{ order: UserOrder; weight: PatientWeightStep | null }> {
  const actor = await requireActor(`/dashboard/orders/${reference}`);
  try {
    const order = await getUserOrder(actor, reference);
    return { order, weight: await getPatientWeightStep(actor, order.reference) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OrderPage({ params }: Props) {
  const { order, weight } = await load((await params).reference);
  return (
    <>
      <p className={styles.back}>
        <Link href="/dashboard/orders">Back to orders</Link>
      </p>
      <PageHeading intro={`Placed ${formatLongDate(order.createdAt)} · ${order.statusLabel}`}>Order {order.reference}</PageHeading>
      {order.invitationId ? (
        <p className={styles.attention} role="note">
          <strong>Our pharmacist would like to speak with you before sending this order.</strong>{" "}
          <Link href={`/dashboard/consultations/invited/${order.invitationId}`}>Book your free consultation</Link>.
        </p>
      ) : null}
      {weight ? (
        <DashboardCard title="Weight check" headingId="weight-heading">
          <WeightStep reference={order.reference} step={weight} />
        </DashboardCard>
      ) : null}
      <DashboardCard title="Progress" headingId="progress-heading">
        <StatusTimeline steps={order.steps} label={`Progress of order ${order.reference}`} />
        {order.declineReason ? (
          <p>
            <strong>Why we could not supply it:</strong> {order.declineReason}
          </p>
        ) : null}
      </DashboardCard>
      <DashboardCard title="Items" headingId="items-heading">
        <ul>
          {order.lines.map((line, index) => (
            <li key={index}>
              {line.name} ({line.durationLabel}
              {line.dose ? `, dose ${line.dose}` : ""}) × {line.quantity}: {formatPence(line.lineTotalPence)}
            </li>
          ))}
        </ul>
        <OrderTotals
          rows={[
            { label: "Items", amount: formatPence(order.subtotalPence) },
            ...(order.discountPence > 0 ? [{ label: "Discount", amount: <>−{formatPence(order.discountPence)}</> }] : []),
            { label: order.deliveryName, amount: order.deliveryPence === 0 ? "Free" : formatPence(order.deliveryPence) },
            { label: "Total paid", amount: formatPence(order.totalPence) },
          ]}
        />
      </DashboardCard>
      <DashboardCard title="Delivery address" headingId="address-heading">
        <address>
          {order.address.map((line) => (
            <span key={line} style={{ display: "block" }}>
              {line}
            </span>
          ))}
        </address>
        {order.trackingReference ? <p>Tracking reference: {order.trackingReference}</p> : null}
      </DashboardCard>
    </>
  );
}
