import { formatPence } from "@/lib/format/money";
import type { OrderQuote } from "@/lib/server/orders/quote-order";
import styles from "./cart-list.module.css";

type Props = { itemsTotalPence: number; quote: OrderQuote; appliedCode: string | null };

/** The items' total, the discount and delivery from the server's quote, and what is to pay. */
export function CheckoutTotals({ itemsTotalPence, quote, appliedCode }: Props) {
  return (
    <>
      <p className={styles.total}>
        <span>Total</span>
        <span>{formatPence(itemsTotalPence)}</span>
      </p>
      <dl className={styles.figures}>
        {quote.discountPence > 0 ? (
          <div>
            <dt>Discount ({appliedCode})</dt>
            <dd>−{formatPence(quote.discountPence)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery</dt>
          <dd>{quote.deliveryPence === 0 ? "Free" : formatPence(quote.deliveryPence)}</dd>
        </div>
      </dl>
      <p className={styles.total}>
        <span>To pay</span>
        <span>{formatPence(quote.totalPence)}</span>
      </p>
    </>
  );
}
