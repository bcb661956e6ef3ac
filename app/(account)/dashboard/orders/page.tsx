import type { Metadata } from "next";
import Link from "next/link";
import { BookingList } from "@/components/booking/booking-list";
import { requireUser } from "@/lib/server/auth/guards";
import { listUserBookings } from "@/lib/server/booking/list-user-bookings";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Orders", description: "Your orders and their status.", path: "/dashboard/orders", noIndex: true });
}

export default async function OrdersPage() {
  const user = await requireUser("/dashboard/orders");
  const bookings = await listUserBookings(user.id);
  return (
    <>
      <PageHeading>Orders</PageHeading>
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
      <DashboardCard title="Order history" headingId="order-history-heading">
        <p>You have no orders yet.</p>
        <Link href="/treatments" className="button button-secondary">
          Browse treatments
        </Link>
      </DashboardCard>
    </>
  );
}
