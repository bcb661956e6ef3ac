import type { ProductDetail } from "@/lib/server/catalogue/types";
import styles from "./product-details.module.css";

/** What it is, who it is for and how to use it. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const sections = [
    { id: "what-it-is", title: "What it is", text: product.description },
    { id: "who-it-is-for", title: "Who it is for", text: product.whoFor },
    { id: "how-to-use", title: "How to use", text: product.howToUse },
  ];
  return (
    <div className={styles.grid}>
      {sections.map((section) => (
        <section key={section.id} className={styles.section} aria-labelledby={section.id}>
          <h2 id={section.id} className={styles.title}>
            {section.title}
          </h2>
          <p className={styles.text}>{section.text}</p>
        </section>
      ))}
    </div>
  );
}
