import type { ProductKind } from "@/lib/server/catalogue/types";

export type NextStep =
  | { type: "add-to-cart"; label: "Add to cart" }
  | { type: "link"; label: string; href: string };

/**
 * What a patient does next with a product. Medicines are never added to the cart
 * straight from a page: the assessment comes first (GPhC guidance for online supply).
 */
export function nextStepFor(product: { kind: ProductKind; treatmentTypeSlug: string | null }): NextStep {
  switch (product.kind) {
    case "COSMETIC":
      return { type: "add-to-cart", label: "Add to cart" };
    case "SERVICE":
      return { type: "link", label: "Start questionnaire", href: "/prescription/questionnaire/1" };
    case "PHARMACY_MEDICINE":
    case "PRESCRIPTION_ONLY":
      return product.treatmentTypeSlug
        ? { type: "link", label: "Start Assessment", href: `/${product.treatmentTypeSlug}/quiz/1` }
        : { type: "link", label: "Book a consultation", href: "/consultation" };
  }
}

/** True when the product may be put in a cart without an assessment. */
export function isDirectlyPurchasable(kind: ProductKind): boolean {
  return kind === "COSMETIC";
}
