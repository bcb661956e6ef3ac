import type { Metadata } from "next";
import { listAvailablePlans } from "@/lib/server/account/list-available-plans";
import { requireUser } from "@/lib/server/auth/guards";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";
import { AvailablePlans } from "./_components/available-plans";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Your Subscriptions",
    description: "Your treatment subscriptions and the plans on offer.",
    path: "/dashboard/subscriptions",
    noIndex: true,
  });
}

export default async function SubscriptionsPage() {
  await requireUser("/dashboard/subscriptions");
  const plans = await listAvailablePlans("minoxidil");
  return (
    <>
      <PageHeading>Your Subscriptions</PageHeading>
      <DashboardCard title="Active subscriptions" headingId="active-subscriptions-heading">
        <p>You have no active subscriptions.</p>
      </DashboardCard>
      <AvailablePlans plans={plans} productPath="/product/minoxidil-5-men" />
    </>
  );
}
