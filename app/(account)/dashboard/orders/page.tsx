import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/server/auth/guards";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Orders", description: "Your orders and their status.", path: "/dashboard/orders", noIndex: true });
}

export default async function OrdersPage() {
  await requireUser("/dashboard/orders");
  return (
    <>
      <PageHeading>Orders</PageHeading>
      <DashboardCard title="Order history" headingId="order-history-heading">
        <p>You have no orders yet.</p>
        <Link href="/treatments" className="button button-secondary">
          Browse treatments
        </Link>
      </DashboardCard>
    </>
  );
}
