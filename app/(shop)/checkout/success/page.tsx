import type { Metadata } from "next";
import { headers } from "next/headers";
import { formatPence } from "@/lib/format/money";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { confirmOrderPayment } from "@/lib/server/orders/confirm-order-payment";
import { pageMetadata } from "@/lib/seo/page-metadata";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Thank you for your order", description: "Your order.", path: "/checkout/success", noIndex: true });
}

// Where Stripe Checkout returns. No sign-in needed: a guest, or a patient whose session
// lapsed while paying, still sees that the order was placed; only its owner sees its details.
export default async function CheckoutSuccessPage({ searchParams }: { searchParams: Promise<{ session_id?: string | string[] }> }) {
  const { session_id: raw } = await searchParams;
  const actor = await getCurrentActor();
  const result = await confirmOrderPayment({ sessionId: typeof raw === "string" ? raw : "", actor, clientAddress: clientAddress(await headers()) });
  const signedIn = actor !== null && actor.kind !== "guest";
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        {result.state === "paid" || result.state === "refunded" ? (
          <>
            <h1>Thank you for your order</h1>
            {result.view ? (
              <>
                <p className={styles.lead}>
                  Order <strong>{result.view.reference}</strong> is paid ({formatPence(result.view.totalPence)}). We have emailed{" "}
                  {result.view.email} a confirmation.
                </p>
                <p>
                  {result.view.needsReview
                    ? "Our pharmacist reviews every medicine order before it is sent. We will email you at each step."
                    : "We are packing your order and will email you when it is on its way."}
                </p>
              </>
            ) : (
              <p className={styles.lead}>Your payment was received and your order is placed. We have emailed you a confirmation.</p>
            )}
            {signedIn ? (
              <a href="/dashboard/orders" className="button">
                Follow your order
              </a>
            ) : (
              <a href="/register" className="button">
                Create an account to follow your order
              </a>
            )}
          </>
        ) : result.state === "confirming" ? (
          <>
            <h1>We are confirming your payment</h1>
            <p className={styles.lead}>This is taking longer than usual. You will receive an email as soon as your order is placed; there is no need to pay again.</p>
          </>
        ) : result.state === "processing" ? (
          <>
            <h1>Your payment is being processed</h1>
            <p className={styles.lead}>Your bank is confirming the payment. We will email you as soon as your order is placed.</p>
          </>
        ) : (
          <>
            <h1>Your order was not placed</h1>
            <p className={styles.lead}>We could not find a completed payment for this checkout. Nothing has been charged; your cart is unchanged.</p>
            <a href="/cart" className="button">
              Back to your cart
            </a>
          </>
        )}
      </div>
    </div>
  );
}
