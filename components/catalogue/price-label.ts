import { formatPence } from "@/lib/format/money";
import type { ProductCard } from "@/lib/server/catalogue/types";

/** "£15.99", "From £24.99/month", or null when the product has no price to show. */
export function priceLabel(product: Pick<ProductCard, "pricePence" | "fromPricePence">): string | null {
  if (product.pricePence !== null) return formatPence(product.pricePence);
  if (product.fromPricePence !== null) return `From ${formatPence(product.fromPricePence)}/month`;
  return null;
}
