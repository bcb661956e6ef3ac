import type { Metadata } from "next";
import { headers } from "next/headers";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { confirmSubscriptionCheckout } from "@/lib/server/subscriptions/confirm-subscription-checkout";
import { pageMetadata } from "@/lib/seo/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Subscription started", description: "Your subscription has started.", path: "/subscriptions/started", noIndex: true });
}

// Where a guest returns from a subscription checkout (signed-in patients return to their
// dashboard). The subscription is theirs under their guest id until they sign in.
export default async function SubscriptionStartedPage({ searchParams }: { searchParams: Promise<{ session_id?: string | string[] }> }) {
  const { session_id: sessionId } = await searchParams;
  const started =
    typeof sessionId === "string" && (await confirmSubscriptionCheckout({ sessionId, actor: await getCurrentActor(), clientAddress: clientAddress(await headers()) })).state === "paid";
  return (
    <div className="container" style={{ paddingBlock: "var(--space-12, 3rem)", maxWidth: "44rem" }}>
      <h1>{started ? "Your subscription has started" : "Thank you"}</h1>
      <p>
        {started
          ? "We have your payment. Our pharmacist checks your first supply before it is sent, and we email you at each step."
          : "If you completed the payment, your subscription starts in a moment and we email you a confirmation."}
      </p>
      <p>
        To see, pause, skip or cancel your subscription, create an account or sign in <strong>in this browser</strong>: the subscription then moves to your account.
      </p>
      <p style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
        <a href="/register" className="button">
          Create an account
        </a>
        <a href="/login" className="button button-secondary">
          Sign in
        </a>
      </p>
    </div>
  );
}
