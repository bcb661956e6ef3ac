import { formatPence } from "@/lib/format/money";
import type { OrderQuote } from "@/lib/server/orders/quote-order";
import styles from "./cart-list.module.css";

type Props = { options: OrderQuote["deliveryOptions"]; selected: string; disabled: boolean; onChoose: (slug: string) => void };

/** The delivery choice: one radio a service, with its cost ("Free" at £0) and what it promises. */
export function DeliveryOptions({ options, selected, disabled, onChoose }: Props) {
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>Delivery</legend>
      {options.map((option) => (
        <label key={option.slug} className={styles.option}>
          <input type="radio" name="delivery_option" value={option.slug} checked={selected === option.slug} onChange={() => onChoose(option.slug)} />
          <span>
            <span className={styles.optionName}>
              {option.name}: {option.pricePence === 0 ? "Free" : formatPence(option.pricePence)}
            </span>
            <span className={styles.optionHint}>{option.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
