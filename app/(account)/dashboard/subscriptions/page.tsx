import type { Metadata } from "next";
import { headers } from "next/headers";
import { SubscriptionsManager } from "@/components/subscriptions/subscriptions-manager";
import { env } from "@/lib/env";
import { requireActor } from "@/lib/server/auth/guards";
import { logger } from "@/lib/server/core/log/logger";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { confirmSubscriptionCheckout } from "@/lib/server/subscriptions/confirm-subscription-checkout";
import { getSubscriptionsDashboard } from "@/lib/server/subscriptions/get-subscriptions-dashboard";
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
  // A failed read shows the spec's "Failed to load subscriptions" in the page, not an error page.
  const dashboard = await getSubscriptionsDashboard(actor).catch((error: unknown) => {
    logger.error(`Subscriptions page could not be read: ${error instanceof Error ? error.name : "unknown error"}`);
    return null;
  });
  return (
    <>
      <PageHeading>Your Subscriptions</PageHeading>
      {started ? (
        <p role="status" className="form-message-success">
          Thank you: your subscription has started. Our pharmacist checks your first supply before it is sent.
        </p>
      ) : null}
      <SubscriptionsManager
        subscriptions={dashboard?.subscriptions ?? null}
        plans={dashboard?.plans ?? null}
        planTreatmentTypes={dashboard?.planTreatmentTypes ?? []}
        contactEmail={env().CONTACT_EMAIL}
      />
    </>
  );
}
