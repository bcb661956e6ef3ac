import type { ProductDetail } from "@/lib/server/catalogue/types";
import { absoluteUrl } from "./absolute-url";

const pounds = (pence: number) => (pence / 100).toFixed(2);

function offersFor(product: ProductDetail, url: string) {
  const seller = { "@id": absoluteUrl("/#organization") };
  if (product.pricePence !== null) {
    return {
      "@type": "Offer",
      url,
      price: pounds(product.pricePence),
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      seller,
    };
  }
  const prices = product.plans.map((plan) => plan.pricePence);
  if (prices.length === 0) return undefined;
  return {
    "@type": "AggregateOffer",
    url,
    lowPrice: pounds(Math.min(...prices)),
    highPrice: pounds(Math.max(...prices)),
    offerCount: prices.length,
    priceCurrency: "GBP",
    availability: "https://schema.org/InStock",
    seller,
  };
}

/** schema.org Product for a product page; offers only for items that have a price. */
export function productJsonLd(product: ProductDetail) {
  const url = absoluteUrl(`/product/${product.slug}`);
  const offers = offersFor(product, url);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: absoluteUrl(product.image),
    sku: product.slug,
    url,
    ...(product.category ? { category: product.category.name } : {}),
    ...(offers ? { offers } : {}),
  };
}
