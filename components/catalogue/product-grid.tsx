import type { ProductCard as ProductCardData } from "@/lib/server/catalogue/types";
import { ProductCard } from "./product-card";
import styles from "./product-grid.module.css";

type ProductGridProps = {
  products: ProductCardData[];
  headingLevel: 2 | 3;
  showPrice?: (product: ProductCardData) => boolean;
  eagerCount?: number;
};

export function ProductGrid({ products, headingLevel, showPrice, eagerCount = 0 }: ProductGridProps) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.slug} className={styles.item}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            showPrice={showPrice ? showPrice(product) : true}
            eagerImage={index < eagerCount}
          />
        </li>
      ))}
    </ul>
  );
}
