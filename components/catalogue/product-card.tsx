import type { ProductCard as ProductCardData } from "@/lib/server/catalogue/types";
import { cardActionFor } from "./card-action";
import { priceLabel } from "./price-label";
import styles from "./product-card.module.css";

type ProductCardProps = {
  product: ProductCardData;
  headingLevel: 2 | 3;
  /** False on the home page for prescription-only medicines: never promoted by price. */
  showPrice?: boolean;
  eagerImage?: boolean;
};

export function ProductCard({ product, headingLevel, showPrice = true, eagerImage = false }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const action = cardActionFor(product);
  const price = showPrice ? priceLabel(product) : null;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <img
          src={product.image}
          alt={product.imageAlt}
          width={320}
          height={320}
          loading={eagerImage ? "eager" : "lazy"}
          fetchPriority={eagerImage ? "high" : undefined}
          decoding={eagerImage ? undefined : "async"}
          className={styles.image}
        />
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <a href={`/product/${product.slug}`} className={styles.titleLink}>
            {product.name}
          </a>
        </Heading>
        {price ? <p className={styles.price}>{price}</p> : null}
        <p className={styles.summary}>{product.summary}</p>
        <a href={action.href} className={`button ${styles.action}`}>
          {action.label}
          <span className="visually-hidden">: {product.name}</span>
        </a>
      </div>
    </article>
  );
}
