import type { Metadata } from "next";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { getCart } from "@/lib/server/cart/get-cart";
import { readGuestId } from "@/lib/server/guest/guest-id";
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
  const user = await getCurrentUser();
  const cart = await getCart(cartOwnerOf(user?.id, user ? null : await readGuestId()));
  return (
    <div className="section section-cream">
      <div className="container">
        <h1>Your Cart</h1>
        <CartList initialCart={cart} />
      </div>
    </div>
  );
}
