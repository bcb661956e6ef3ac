import { ProductGrid } from "@/components/catalogue/product-grid";
import type { ProductCard } from "@/lib/server/catalogue/types";
import styles from "./featured-treatments.module.css";

/** The home page's treatments section: the hair-loss introduction and the featured cards. */
export function FeaturedTreatments({ products }: { products: ProductCard[] }) {
  return (
    <section className="section" aria-labelledby="treatments-heading">
      <div className="container">
        <div className={styles.intro}>
          <div>
            <p className="eyebrow">Treatments</p>
            <h2 id="treatments-heading">Hair loss treatments that fit your routine</h2>
            <p className="lead">
              From minoxidil solutions for men and women to hair growth shampoos, every treatment is checked by our
              pharmacists before it leaves us. Start with a short assessment and we will help you choose.
            </p>
          </div>
          <a href="/treatments/hair-loss-treatments" className="button button-secondary">
            See all hair loss treatments
          </a>
        </div>
        <ProductGrid
          products={products}
          headingLevel={3}
          // Prescription-only medicines are never promoted by price on the home page.
          showPrice={(product) => product.kind !== "PRESCRIPTION_ONLY"}
        />
      </div>
    </section>
  );
}
