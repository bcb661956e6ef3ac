import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ORDER_STATUS_LABELS } from "@/lib/orders/order-timeline";
import { requireStaff } from "@/lib/server/auth/guards";
import { listConsultationTypes } from "@/lib/server/booking/list-consultation-types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { ORDER_CASE_ROLES } from "@/lib/server/orders/review/order-review-kind";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { getWeightReview, type WeightReview } from "@/lib/server/weight-verification/get-weight-review";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { orderParamsSchema } from "@/lib/validation/order-review";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard, StaffHeading } from "../../_components/staff-card";
import { ProgressComparison } from "@/components/progress-photos/progress-comparison";
import { SupplyChecks } from "@/components/staff/supply-checks";
import { listCaseProgressPhotos } from "@/lib/server/progress-photos/list-progress-photos";
import type { ProgressPhotoSetView } from "@/lib/server/progress-photos/types";
import { OrderAnswers } from "./_components/order-answers";
import { OrderHistoryCards } from "./_components/order-history-cards";
import { OrderItemsCard } from "./_components/order-items-card";
import { OrderPatientCard } from "./_components/order-patient-card";
import type { ConsultationTypeOption } from "./_components/order-review";
import { OrderReviewCard } from "./_components/order-review-card";
import { OrderTimeline } from "./_components/order-timeline";
import { WeightCard } from "./_components/weight-card";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Order", description: "A shop order under review.", path: "/staff/orders", noIndex: true });
}

/** Loads the order (an audited view), or the not-found page for a bad or unknown id. */
async function loadOrder(id: string): Promise<{ order: OrderCase; types: ConsultationTypeOption[]; progress: ProgressPhotoSetView[]; weight: WeightReview | null; role: StaffRole }> {
  // A prescriber opens an order for its prescription-only medicine (OrderReview shows what they may do).
  const actor = await requireStaff(`/staff/orders/${id}`, ORDER_CASE_ROLES);
  const parsed = orderParamsSchema.safeParse({ id });
  if (!parsed.success) notFound();
  try {
    const [order, types] = await Promise.all([getOrderCase(actor, parsed.data.id), listConsultationTypes().then((all) => all.map(({ slug, name }) => ({ slug, name })))]);
    // After the audited view of the order: its weight evidence and progress photos are part of the same record.
    return { order, types, role: actor.user.role, weight: await getWeightReview(actor, order.id), progress: await listCaseProgressPhotos(actor, { orderId: order.id }) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function StaffOrderPage({ params }: Props) {
  const { order, types, progress, weight, role } = await loadOrder((await params).id);
  return (
    <>
      <p>
        <Link href="/staff/orders">Back to the orders queue</Link>
      </p>
      <StaffHeading intro={`${ORDER_STATUS_LABELS[order.status]}${order.paidAt ? ` · paid ${formatDateTime(order.paidAt)}` : ""}`}>Order {order.reference}</StaffHeading>
      <OrderReviewCard order={order} types={types} viewerRole={role} />
      {order.supplyChecks.length ? (
        <StaffCard title="Before supply" headingId="supply-checks-heading">
          <SupplyChecks checks={order.supplyChecks} />
        </StaffCard>
      ) : null}
      {weight ? <WeightCard order={order} weight={weight} /> : null}
      <OrderHistoryCards order={order} />
      <OrderItemsCard order={order} />
      <OrderPatientCard order={order} />
      <OrderAnswers order={order} />
      {progress.length ? (
        <StaffCard title="Hair progress photos" headingId="progress-heading">
          <ProgressComparison sets={progress} caption="The patient's progress photos by date" />
        </StaffCard>
      ) : null}
      <OrderTimeline order={order} />
    </>
  );
}
