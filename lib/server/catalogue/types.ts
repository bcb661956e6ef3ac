// Shapes the catalogue queries return; client code imports these, never Prisma types.

export type ProductKind = "COSMETIC" | "PHARMACY_MEDICINE" | "PRESCRIPTION_ONLY" | "SERVICE";

export type PlanView = {
  id: string;
  slug: string;
  name: string;
  pricePence: number;
  durationMonths: number;
  description: string;
};

export type ProductCard = {
  slug: string;
  name: string;
  summary: string;
  kind: ProductKind;
  /** One-off price, or null when sold only through plans. */
  pricePence: number | null;
  /** Cheapest monthly-equivalent plan price, when the product is sold through plans. */
  fromPricePence: number | null;
  image: string;
  imageAlt: string;
  treatmentTypeSlug: string | null;
};

export type ProductDetail = ProductCard & {
  description: string;
  whoFor: string;
  howToUse: string;
  category: { slug: string; name: string } | null;
  plans: PlanView[];
};

export type CategoryView = {
  slug: string;
  name: string;
  headline: string;
  description: string;
  products: ProductCard[];
};

export type CategorySummary = Omit<CategoryView, "products">;

/** A plan as the API and the subscriptions page show it (spec section 3, "Plan"): price in pounds, duration in months. */
export type PlanOffer = {
  id: string;
  name: string;
  price: number;
  duration: number;
  description: string;
};
