import "server-only";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { cartWhere, type CartOwner } from "./cart-owner";
import { getCart } from "./get-cart";
import type { CartView } from "./types";

// Both functions act only on a line of the caller's own cart: someone else's line and a
// missing line are the same not_found.

const notInCart = () => new AppError("not_found", "This item is no longer in your cart.");

export async function updateCartItemQuantity(owner: CartOwner, itemId: string, quantity: number): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cartItem.updateMany({
      where: { id: itemId, cart: cartWhere(owner) },
      data: { quantity },
    });
    if (count === 0) throw notInCart();
    return getCart(owner, tx);
  });
}

export async function removeCartItem(owner: CartOwner, itemId: string): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cartItem.deleteMany({
      where: { id: itemId, cart: cartWhere(owner) },
    });
    if (count === 0) throw notInCart();
    return getCart(owner, tx);
  });
}
