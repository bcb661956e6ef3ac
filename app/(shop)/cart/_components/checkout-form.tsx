"use client";

import type { OrderQuote } from "@/lib/server/orders/quote-order";
import { AddressFields } from "./address-fields";
import { CartProblems } from "./cart-problems";
import { CheckoutTotals } from "./checkout-totals";
import { DeliveryOptions } from "./delivery-options";
import { DiscountCodeField } from "./discount-code-field";
import { PROCEEDING, useCheckout } from "./use-checkout";
import styles from "./cart-list.module.css";

export {  PROCEEDING } from "./use-checkout";

type Props = {
  /** The sum of the items' prices (the spec's cart total). */
  itemsTotalPence: number;
  initialQuote: OrderQuote;
  /** Guests give an email for their order updates; signed-in patients use their account's. */
  isGuest: boolean;
  /** Changes whenever the cart's lines change, so the summary is priced again. */
  cartVersion: string;
  /** Came back from Stripe with ?cancel=1. */
  cancelled: boolean;
  /** Checkout found the cart changed: the list reloads its lines (new prices). */
  onCartStale?: () => void;
};

/**
 * The cart's checkout: delivery choice and its cost, an optional discount code, the delivery
 * address (and email for guests), then Stripe Checkout. Every figure comes from the server's
 * quote, priced the way checkout will price it.
 */
export function CheckoutForm({ itemsTotalPence, ...input }: Props) {
  const { quote, delivery, code, setCode, appliedCode, errors, message, problems, working, formRef, chooseDelivery, applyCode, submit } = useCheckout(input);
  const isError = message !== null && message !== PROCEEDING;
  return (
    <section className={styles.summary} aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className={styles.summaryHeading}>
        Order summary
      </h2>
      <CartProblems problems={problems} />
      <form ref={formRef} onSubmit={submit} noValidate className={styles.checkout}>
        <DeliveryOptions options={quote.deliveryOptions} selected={delivery} disabled={working} onChoose={(slug) => void chooseDelivery(slug)} />
        <DiscountCodeField code={code} error={errors.discount_code} disabled={working} onChange={setCode} onApply={() => void applyCode()} />
        <CheckoutTotals itemsTotalPence={itemsTotalPence} quote={quote} appliedCode={appliedCode} />
        <AddressFields isGuest={input.isGuest} errors={errors} disabled={working} />
        <p className={styles.note}>Free shipping on orders £40+. Our pharmacist reviews every medicine order before it is sent.</p>
        <button type="submit" className="button" disabled={working}>
          {working ? PROCEEDING : "Checkout"}
        </button>
        <div role="status">{message && !isError ? <p className="form-message-success">{message}</p> : null}</div>
        {isError ? (
          <p role="alert" className="form-message-error">
            {message}
          </p>
        ) : null}
      </form>
    </section>
  );
}
