import type { Metadata } from "next";
import Link from "next/link";
import { BookingList } from "@/components/booking/booking-list";
import { OrderList } from "@/components/orders/order-list";
import { PrescriptionRequestList } from "@/components/prescriptions/prescription-request-list";
import { Pager } from "@/components/pager/pager";
import { requireActor } from "@/lib/server/auth/guards";
import { listUserBookings } from "@/lib/server/booking/list-user-bookings";
import { listUserOrders } from "@/lib/server/orders/history/user-orders";
import { listUserPrescriptions } from "@/lib/server/prescriptions/list-user-prescriptions";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Orders", description: "Your orders and their status.", path: "/dashboard/orders", noIndex: true });
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const actor = await requireActor("/dashboard/orders");
  const { before, requestsBefore } = await searchParams;
  const ordersCursor = typeof before === "string" ? before : null;
  const requestsCursor = typeof requestsBefore === "string" ? requestsBefore : null;
  const [history, bookings, requestHistory] = await Promise.all([
    listUserOrders(actor, { before: ordersCursor }),
    listUserBookings(actor),
    listUserPrescriptions(actor, { before: requestsCursor }),
  ]);
  const { orders } = history;
  const prescriptions = requestHistory.requests;
  // Each list pages on its own; a link keeps the other list's page.
  const href = (orderPage: string | null, requestPage: string | null) => {
    const query = new URLSearchParams();
    if (orderPage) query.set("before", orderPage);
    if (requestPage) query.set("requestsBefore", requestPage);
    return query.size ? `/dashboard/orders?${query}` : "/dashboard/orders";
  };
  return (
    <>
      <PageHeading>Orders</PageHeading>
      <DashboardCard title="Order history" headingId="order-history">
        {orders.length ? <OrderList orders={orders} /> : <p>{history.isLaterPage ? "No older orders." : "You have no orders yet."}</p>}
        <Pager
          label="Order history pages"
          first={history.isLaterPage ? { href: href(null, requestsCursor), text: "Newest orders" } : null}
          next={history.olderBefore ? { href: href(history.olderBefore, requestsCursor), text: "Older orders" } : null}
        />
        <Link href="/treatments" className="button button-secondary">
          Browse treatments
        </Link>
      </DashboardCard>
      <DashboardCard title="Prescription requests" headingId="prescription-requests-heading">
        {prescriptions.length ? (
          <PrescriptionRequestList requests={prescriptions} />
        ) : (
          <p>{requestHistory.isLaterPage ? "No older prescription requests." : "You have no prescription requests."}</p>
        )}
        <Pager
          label="Prescription request pages"
          first={requestHistory.isLaterPage ? { href: href(ordersCursor, null), text: "Newest requests" } : null}
          next={requestHistory.olderBefore ? { href: href(ordersCursor, requestHistory.olderBefore), text: "Older requests" } : null}
        />
        <Link href="/prescription/questionnaire/1" className="button button-secondary">
          Start a prescription request
        </Link>
      </DashboardCard>
      <DashboardCard title="Consultations" headingId="consultations-heading">
        {bookings.length ? (
          <BookingList initialBookings={bookings} />
        ) : (
          <p>You have no consultation bookings.</p>
        )}
        <Link href="/consultation" className="button button-secondary">
          Book a consultation
        </Link>
      </DashboardCard>
    </>
  );
}
