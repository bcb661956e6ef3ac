import "server-only";
import { isDirectlyPurchasable } from "@/lib/catalogue/next-step";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { MAX_QUANTITY, type AddCartItemInput } from "@/lib/validation/cart";
import { ownedBy } from "@/lib/server/auth/owned-by";
import type { Actor } from "@/lib/server/auth/types";
import { getCart } from "./get-cart";
import { upsertCartId } from "./upsert-cart-id";
import type { CartView } from "./types";

/**
 * Adds a product to the owner's cart (or raises its quantity). One transaction: the cart,
 * the line and the quantity cap either all change or none do. The price is never taken
 * from the caller; it is read from the catalogue when the cart is shown.
 */
export async function addCartItem(actor: Actor, input: AddCartItemInput): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const product = await tx.product.findFirst({
      where: { slug: input.product_slug, isActive: true },
      select: { id: true, kind: true, pricePence: true },
    });
    if (!product || product.pricePence === null) {
      throw new AppError("validation_failed", "This product is not available.", {
        product_slug: ["This product is not available."],
      });
    }
    if (!isDirectlyPurchasable(product.kind)) {
      const message = "Complete the assessment before adding this treatment to your cart.";
      throw new AppError("validation_failed", message, { product_slug: [message] });
    }
    // INSERT … ON CONFLICT for both the cart and the line: concurrent first adds for one
    // owner meet in the database, not in a check-then-insert race.
    const cartId = await upsertCartId(tx, ownedBy(actor));
    const [line] = await tx.$queryRaw<{ quantity: number }[]>`
      INSERT INTO cart_items (id, cart_id, product_id, quantity, updated_at)
      VALUES (gen_random_uuid(), ${cartId}::uuid, ${product.id}, ${input.quantity}, now())
      ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, updated_at = now()
      RETURNING quantity`;
    if (!line) throw new AppError("internal", "The cart could not be saved. Please try again.");
    if (line.quantity > MAX_QUANTITY) {
      const message = `You can order at most ${MAX_QUANTITY} of an item.`;
      throw new AppError("validation_failed", message, { quantity: [message] });
    }
    return getCart(actor, tx);
  });
}
