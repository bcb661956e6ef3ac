import type { Metadata } from "next";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { getCart } from "@/lib/server/cart/get-cart";
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

export default async function CartPage() {
  const cart = await getCart(await getCurrentActor());
  return (
    <div className="section section-cream">
      <div className="container">
        <h1>Your Cart</h1>
        <CartList initialCart={cart} />
      </div>
    </div>
  );
}
