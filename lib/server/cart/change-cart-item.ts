import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { getCart } from "./get-cart";
import type { CartView } from "./types";

// Both functions act only on a line of the caller's own cart: someone else's line and a
// missing line are the same not_found.

const notInCart = () => new AppError("not_found", "This item is no longer in your cart.");

export async function updateCartItemQuantity(actor: Actor, itemId: string, quantity: number): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cartItem.updateMany({
      // A plan's line is one supply: its quantity does not change.
      where: { id: itemId, cart: ownedBy(actor), planId: null },
      data: { quantity },
    });
    if (count === 0) throw notInCart();
    return getCart(actor, tx);
  });
}

export async function removeCartItem(actor: Actor, itemId: string): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cartItem.deleteMany({
      where: { id: itemId, cart: ownedBy(actor) },
    });
    if (count === 0) throw notInCart();
    return getCart(actor, tx);
  });
}
