import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { getCart } from "@/lib/server/cart/get-cart";
import { REFERRAL_COOKIE } from "@/lib/server/discounts/referral-cookie";
import { quoteOrder } from "@/lib/server/orders/quote-order";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { CartList } from "./_components/cart-list";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Your Cart",
    description: "The items in your cart, ready for checkout.",
    path: "/cart",
    noIndex: true,
  });
}

export default async function CartPage({ searchParams }: { searchParams: Promise<{ cancel?: string | string[] }> }) {
  const actor = await getCurrentActor();
  const referral = (await cookies()).get(REFERRAL_COOKIE)?.value ?? null;
  const [cart, quote] = await Promise.all([
    getCart(actor),
    // A kept referral code that no longer applies is simply not offered.
    quoteOrder(actor, { delivery_option: "standard" }, referral).catch(() => quoteOrder(actor, { delivery_option: "standard" }, null)),
  ]);
  const { cancel } = await searchParams;
  return (
    <div className="section section-cream">
      <div className="container">
        <h1>Your Cart</h1>
        <CartList initialCart={cart} initialQuote={quote} isGuest={actor === null || actor.kind === "guest"} cancelled={cancel === "1"} />
      </div>
    </div>
  );
}
