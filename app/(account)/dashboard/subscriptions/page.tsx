import type { Metadata } from "next";
import { headers } from "next/headers";
import { SubscriptionsManager } from "@/components/subscriptions/subscriptions-manager";
import { env } from "@/lib/env";
import { requireActor } from "@/lib/server/auth/guards";
import { clientAddress } from "@/lib/server/request/client-address";
import { confirmSubscriptionCheckout } from "@/lib/server/subscriptions/confirm-subscription-checkout";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { PageHeading } from "../_components/page-heading";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Your Subscriptions",
    description: "Your treatment subscriptions and the plans on offer.",
    path: "/dashboard/subscriptions",
    noIndex: true,
  });
}

export default async function SubscriptionsPage({ searchParams }: { searchParams: Promise<{ session_id?: string | string[] }> }) {
  const actor = await requireActor("/dashboard/subscriptions");
  // Back from Stripe Checkout: record the new subscription now rather than wait for its webhook.
  const { session_id: sessionId } = await searchParams;
  const started = typeof sessionId === "string" && (await confirmSubscriptionCheckout({ sessionId, actor, clientAddress: clientAddress(await headers()) })).state === "paid";
  return (
    <>
      <PageHeading>Your Subscriptions</PageHeading>
      {started ? (
        <p role="status" className="form-message-success">
          Thank you: your subscription has started. Our pharmacist checks your first supply before it is sent.
        </p>
      ) : null}
      <SubscriptionsManager treatmentType="minoxidil" contactEmail={env().CONTACT_EMAIL} />
    </>
  );
}
