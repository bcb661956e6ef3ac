import { formatPence } from "@/lib/format/money";
import type { CartLine } from "@/lib/server/cart/types";
import styles from "./cart-list.module.css";

type CartLineItemProps = {
  item: CartLine;
  isRemoving: boolean;
  onRemove: (id: string, name: string) => void;
};

export function CartLineItem({ item, isRemoving, onRemove }: CartLineItemProps) {
  return (
    <li className={styles.item}>
      <img src={item.image} alt="" width={88} height={88} className={styles.image} />
      <div className={styles.info}>
        <a href={`/product/${item.productSlug}`} className={styles.name}>
          {item.name}
        </a>
        <p className={styles.meta}>{item.durationLabel}</p>
        {item.previousUnitPricePence !== null ? (
          <p className={styles.meta}>
            Price changed from {formatPence(item.previousUnitPricePence)} to {formatPence(item.unitPricePence)}
          </p>
        ) : null}
        <p className={styles.meta}>
          Quantity: {item.quantity}
          {item.quantity > 1 ? ` × ${formatPence(item.unitPricePence)}` : null}
        </p>
      </div>
      <div className={styles.end}>
        <p className={styles.price}>{formatPence(item.lineTotalPence)}</p>
        <button
          type="button"
          className={styles.remove}
          onClick={() => onRemove(item.id, item.name)}
          disabled={isRemoving}
        >
          {isRemoving ? "Removing..." : "Remove"}
          <span className="visually-hidden"> {item.name}</span>
        </button>
      </div>
    </li>
  );
}
