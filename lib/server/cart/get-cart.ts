import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import type { CartLine, CartView } from "./types";

const ONE_OFF_LABEL = "One-off purchase";

/** The spec's duration label: '1-Month', '3-Month'. */
export function planLabel(durationMonths: number): string {
  return `${durationMonths}-Month`;
}

export const cartItemSelect = {
  id: true,
  quantity: true,
  seenUnitPricePence: true,
  assessmentId: true,
  product: { select: { id: true, slug: true, name: true, kind: true, image: true, imageAlt: true, pricePence: true, isActive: true, stockQuantity: true } },
  plan: { select: { id: true, name: true, pricePence: true, durationMonths: true, isActive: true } },
} as const;

type CartItemRow = {
  id: string;
  quantity: number;
  seenUnitPricePence: number;
  product: { slug: string; name: string; kind: CartLine["kind"]; image: string; imageAlt: string; pricePence: number | null };
  plan: { id: string; pricePence: number; durationMonths: number } | null;
};

/** Today's catalogue price of a line: the plan's for a plan line, else the product's. */
export function currentUnitPrice(row: { product: { pricePence: number | null }; plan: { pricePence: number } | null }): number | null {
  return row.plan ? row.plan.pricePence : row.product.pricePence;
}

function toCartLine(row: CartItemRow): CartLine {
  const unitPricePence = currentUnitPrice(row) ?? 0;
  return {
    id: row.id,
    productSlug: row.product.slug,
    planId: row.plan?.id ?? null,
    kind: row.product.kind,
    name: row.plan ? `${row.product.name}, ${row.plan.durationMonths}-month supply` : row.product.name,
    durationLabel: row.plan ? planLabel(row.plan.durationMonths) : ONE_OFF_LABEL,
    image: row.product.image,
    imageAlt: row.product.imageAlt,
    unitPricePence,
    quantity: row.quantity,
    lineTotalPence: unitPricePence * row.quantity,
    previousUnitPricePence: row.seenUnitPricePence === unitPricePence ? null : row.seenUnitPricePence,
  };
}

/**
 * The owner's cart priced from the catalogue; an empty cart when there is none. A line whose
 * product or plan was withdrawn, or lost its price, is not offered for sale.
 */
export async function getCart(actor: Actor | null, client: Tx | typeof db = db): Promise<CartView> {
  if (!actor) return { items: [], itemCount: 0, totalPence: 0 };
  const rows = await client.cartItem.findMany({
    where: {
      cart: ownedBy(actor),
      product: { isActive: true },
      OR: [{ planId: null, product: { pricePence: { not: null } } }, { plan: { isActive: true } }],
    },
    select: cartItemSelect,
    orderBy: { createdAt: "asc" },
  });
  const items = rows.map(toCartLine);
  return {
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPence: items.reduce((sum, item) => sum + item.lineTotalPence, 0),
  };
}
