import type { CartResponse, CartView } from "@/lib/server/cart/types";

const pence = (pounds: number) => Math.round(pounds * 100);

/** The API's cart (pounds) back into the page's CartView (pence). */
export function fromCartResponse(response: CartResponse): CartView {
  return {
    items: response.items.map((item) => ({
      id: item.id,
      productSlug: item.product_slug,
      planId: item.plan_id ?? null,
      kind: item.kind,
      name: item.name,
      durationLabel: item.subscription,
      image: item.image,
      imageAlt: "",
      unitPricePence: pence(item.price),
      quantity: item.quantity,
      lineTotalPence: pence(item.line_total),
      previousUnitPricePence: item.previous_price == null ? null : pence(item.previous_price),
    })),
    itemCount: response.item_count,
    totalPence: pence(response.total),
  };
}

/** True when an API body has the CartResponse shape the page relies on. */
export function isCartResponse(body: unknown): body is CartResponse {
  if (!body || typeof body !== "object") return false;
  const candidate = body as Partial<CartResponse>;
  return Array.isArray(candidate.items) && typeof candidate.item_count === "number" && typeof candidate.total === "number";
}
