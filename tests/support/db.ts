import { db } from "@/lib/server/core/db/client";

export { db };

/** Row counts of the tables a storefront request may write. */
export async function countRows() {
  const [carts, cartItems, contactMessages, subscribers] = await Promise.all([
    db.cart.count(),
    db.cartItem.count(),
    db.contactMessage.count(),
    db.newsletterSubscriber.count(),
  ]);
  return { carts, cartItems, contactMessages, subscribers };
}
