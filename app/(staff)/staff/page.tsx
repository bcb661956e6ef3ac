import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/lib/server/auth/guards";
import { ORDER_STAFF_ROLES } from "@/lib/server/orders/review/order-review-kind";
import { countOrdersAwaitingPharmacist } from "@/lib/server/orders/review/count-orders-awaiting-pharmacist";
import { countReviewQueue } from "@/lib/server/prescription-review/count-review-queue";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ROLE_LABELS } from "./_components/staff-links";
import { StaffCard, StaffHeading } from "./_components/staff-card";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Staff area", description: "Staff tools for reviewing prescription requests and orders.", path: "/staff", noIndex: true });
}

export default async function StaffHomePage() {
  const actor = await requireStaff("/staff");
  const role = actor.user.role;
  const isReviewer = (REVIEWER_ROLES as readonly string[]).includes(role);
  const counts = isReviewer ? await countReviewQueue(actor) : null;
  const worksOrders = (ORDER_STAFF_ROLES as readonly string[]).includes(role);
  const ordersWaiting = worksOrders ? await countOrdersAwaitingPharmacist() : null;
  return (
    <>
      <StaffHeading intro={`Signed in as ${actor.user.name} (${ROLE_LABELS[role]}).`}>Staff area</StaffHeading>
      {counts ? (
        <StaffCard title="Prescription requests" headingId="queue-heading">
          <p>
            {counts.open === 1 ? "1 request waits" : `${counts.open} requests wait`} for a decision
            {counts.overdue > 0 ? (
              <>
                , <strong>{counts.overdue} overdue</strong>
              </>
            ) : null}
            .
          </p>
          <Link href="/staff/prescriptions" className="button">
            Open the queue
          </Link>
        </StaffCard>
      ) : null}
      {ordersWaiting !== null ? (
        <StaffCard title="Orders" headingId="orders-heading">
          <p>{ordersWaiting === 1 ? "1 order waits" : `${ordersWaiting} orders wait`} for a pharmacist.</p>
          <Link href="/staff/orders" className="button">
            Open the orders queue
          </Link>
        </StaffCard>
      ) : null}
      {role === "ADMIN" ? (
        <StaffCard title="Audit log" headingId="audit-heading">
          <p>Every staff view of a patient&apos;s medical data and every decision, newest first.</p>
          <Link href="/staff/audit" className="button button-secondary">
            Read the audit log
          </Link>
        </StaffCard>
      ) : null}
    </>
  );
}
