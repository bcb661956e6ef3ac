import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { nextStepFor } from "@/lib/catalogue/next-step";
import { formatPence } from "@/lib/format/money";
import type { ProductDetail, ProductKind } from "@/lib/server/catalogue/types";
import { PlanList } from "./plan-list";
import styles from "./product-purchase.module.css";

const KIND_LABEL: Record<ProductKind, string> = {
  COSMETIC: "Hair care",
  PHARMACY_MEDICINE: "Pharmacy medicine",
  PRESCRIPTION_ONLY: "Prescription-only medicine",
  SERVICE: "Service",
};

function stepIntro(product: ProductDetail): string {
  switch (product.kind) {
    case "PRESCRIPTION_ONLY":
      return `Start a consultation for ${product.name}. A UK prescriber reviews your answers and decides whether it is safe and suitable for you.`;
    case "PHARMACY_MEDICINE":
      return "Answer a few questions so our pharmacist can check this medicine is right for you before you order.";
    case "SERVICE":
      return "Answer our medical questionnaire, then pay securely. A specialist reviews your answers within 24 hours.";
    case "COSMETIC":
      return "Free standard delivery on orders of £40 or more.";
  }
}

/** Name, price or plans, and the next step (add to cart, assessment or questionnaire). */
export function ProductPurchase({ product }: { product: ProductDetail }) {
  const step = nextStepFor(product);
  return (
    <div className={styles.panel}>
      <p className="eyebrow">{KIND_LABEL[product.kind]}</p>
      <h1 className={styles.title}>{product.name}</h1>
      <p className="lead">{product.summary}</p>
      {product.pricePence !== null ? (
        <p className={styles.price}>
          {formatPence(product.pricePence)}
          <span className={styles.priceNote}>{product.kind === "SERVICE" ? "one-off fee" : "one-off purchase"}</span>
        </p>
      ) : null}
      {product.plans.length > 0 ? <PlanList plans={product.plans} isOptional={product.kind === "SERVICE"} /> : null}
      <div className={styles.step}>
        <p className={styles.stepIntro}>{stepIntro(product)}</p>
        {step.type === "add-to-cart" ? (
          <AddToCartButton productSlug={product.slug} label={step.label} />
        ) : (
          <a href={step.href} className="button">
            {step.label}
          </a>
        )}
      </div>
    </div>
  );
}
