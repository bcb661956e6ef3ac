import { nextStepFor } from "@/lib/catalogue/next-step";
import type { ProductCard } from "@/lib/server/catalogue/types";

export type CardAction = { label: string; href: string };

/**
 * The button on a product card. Cosmetics are bought from their product page, so the card
 * invites the visitor there ("Discover Now"); medicines and services go to their next step
 * (assessment or questionnaire).
 */
export function cardActionFor(product: Pick<ProductCard, "slug" | "kind" | "treatmentTypeSlug">): CardAction {
  const step = nextStepFor(product);
  if (step.type === "add-to-cart") return { label: "Discover Now", href: `/product/${product.slug}` };
  return { label: step.label, href: step.href };
}
