import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/server/auth/guards";
import { getOrCreateReferralCode } from "@/lib/server/discounts/referral-code";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../_components/dashboard-card";
import { PageHeading } from "../../_components/page-heading";
import { CopyLink } from "../_components/copy-link";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Refer a friend", description: "Your personal referral link.", path: "/dashboard/account-settings/refer-a-friend", noIndex: true });
}

export default async function ReferAFriendPage() {
  const actor = await requireActor("/dashboard/account-settings/refer-a-friend");
  const { code, url } = await getOrCreateReferralCode(actor);
  return (
    <>
      <p>
        <Link href="/dashboard/account-settings">Back to Account Settings</Link>
      </p>
      <PageHeading>Refer a friend</PageHeading>
      <DashboardCard title="Share your link" headingId="share-heading">
        <CopyLink url={url} />
        <p>
          Or give them your code: <strong>{code}</strong>
        </p>
      </DashboardCard>
      <DashboardCard title="How it works" headingId="rules-heading">
        <ul>
          <li>Your friend gets 10% off non-prescription items on their first order.</li>
          <li>The link works once per friend, and not on your own orders.</li>
          <li>UK rules do not allow discounts on prescription-only medicines.</li>
        </ul>
      </DashboardCard>
    </>
  );
}
