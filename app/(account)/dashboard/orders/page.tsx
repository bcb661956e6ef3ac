import type { Metadata } from "next";
import Link from "next/link";
import { BookingList } from "@/components/booking/booking-list";
import { OrderList } from "@/components/orders/order-list";
import { PrescriptionRequestList } from "@/components/prescriptions/prescription-request-list";
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

export default async function OrdersPage() {
  const actor = await requireActor("/dashboard/orders");
  const [orders, bookings, prescriptions] = await Promise.all([listUserOrders(actor), listUserBookings(actor), listUserPrescriptions(actor)]);
  return (
    <>
      <PageHeading>Orders</PageHeading>
      <DashboardCard title="Order history" headingId="order-history">
        {orders.length ? <OrderList orders={orders} /> : <p>You have no orders yet.</p>}
        <Link href="/treatments" className="button button-secondary">
          Browse treatments
        </Link>
      </DashboardCard>
      <DashboardCard title="Prescription requests" headingId="prescription-requests-heading">
        {prescriptions.length ? (
          <PrescriptionRequestList requests={prescriptions} />
        ) : (
          <p>You have no prescription requests.</p>
        )}
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
