import "server-only";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { hashGuestId } from "@/lib/server/guest/guest-id";
import { getCart } from "./get-cart";
import type { CartView } from "./types";

// Both functions act only on a line of the caller's own cart: someone else's line and a
// missing line are the same not_found.

const notInCart = () => new AppError("not_found", "This item is no longer in your cart.");

export async function updateCartItemQuantity(guestId: string, itemId: string, quantity: number): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cartItem.updateMany({
      where: { id: itemId, cart: { guestKeyHash: hashGuestId(guestId) } },
      data: { quantity },
    });
    if (count === 0) throw notInCart();
    return getCart(guestId, tx);
  });
}

export async function removeCartItem(guestId: string, itemId: string): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cartItem.deleteMany({
      where: { id: itemId, cart: { guestKeyHash: hashGuestId(guestId) } },
    });
    if (count === 0) throw notInCart();
    return getCart(guestId, tx);
  });
}
