import "server-only";
import { db, type Tx } from "@/lib/server/db/client";
import { ownedBy } from "@/lib/server/auth/owned-by";
import type { Actor } from "@/lib/server/auth/types";
import type { CartLine, CartView } from "./types";

const ONE_OFF_LABEL = "One-off purchase";

const itemSelect = {
  id: true,
  quantity: true,
  product: { select: { slug: true, name: true, image: true, imageAlt: true, pricePence: true } },
} as const;

/** The owner's cart priced from the catalogue; an empty cart when there is none. */
export async function getCart(actor: Actor | null, client: Tx | typeof db = db): Promise<CartView> {
  if (!actor) return { items: [], itemCount: 0, totalPence: 0 };
  const rows = await client.cartItem.findMany({
    // A line whose product was withdrawn or lost its price is not offered for sale.
    where: { cart: ownedBy(actor), product: { isActive: true, pricePence: { not: null } } },
    select: itemSelect,
    orderBy: { createdAt: "asc" },
  });
  const items: CartLine[] = rows.map((row) => {
    const unitPricePence = row.product.pricePence ?? 0; // never null: filtered above
    return {
      id: row.id,
      productSlug: row.product.slug,
      name: row.product.name,
      durationLabel: ONE_OFF_LABEL,
      image: row.product.image,
      imageAlt: row.product.imageAlt,
      unitPricePence,
      quantity: row.quantity,
      lineTotalPence: unitPricePence * row.quantity,
    };
  });
  return {
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPence: items.reduce((sum, item) => sum + item.lineTotalPence, 0),
  };
}
