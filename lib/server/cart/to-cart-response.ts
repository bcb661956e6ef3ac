import type { CartResponse, CartView } from "./types";

const pounds = (pence: number) => Math.round(pence) / 100;

/** The API shape: prices in pounds as numbers, as the spec's client reads them. */
export function toCartResponse(cart: CartView): CartResponse {
  return {
    items: cart.items.map((item) => ({
      id: item.id,
      product_slug: item.productSlug,
      plan_id: item.planId,
      kind: item.kind,
      name: item.name,
      subscription: item.durationLabel,
      price: pounds(item.unitPricePence),
      quantity: item.quantity,
      line_total: pounds(item.lineTotalPence),
      previous_price: item.previousUnitPricePence === null ? null : pounds(item.previousUnitPricePence),
      image: item.image,
    })),
    item_count: cart.itemCount,
    total: pounds(cart.totalPence),
  };
}
