import type { ProductCard, ProductDetail } from "@/lib/server/catalogue/types";

/** A cosmetic product card as the catalogue queries return it; override what a test needs. */
export function makeProductCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    slug: "men-shampoo",
    name: "Hair Growth Shampoo for Men",
    summary: "A thickening shampoo.",
    kind: "COSMETIC",
    pricePence: 1599,
    fromPricePence: null,
    image: "/images/men-shampoo.svg",
    imageAlt: "Bottle of shampoo",
    treatmentTypeSlug: null,
    ...overrides,
  };
}

export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...makeProductCard(),
    description: "A daily shampoo.",
    whoFor: "Men.",
    howToUse: "Massage in.",
    category: { slug: "hair-loss-treatments", name: "Hair Loss Treatments" },
    plans: [],
    ...overrides,
  };
}
