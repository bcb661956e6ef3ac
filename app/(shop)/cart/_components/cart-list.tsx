"use client";

import { apiFetch } from "@/lib/client/api-fetch";
import Link from "next/link";
import { useRef, useState } from "react";
import { announceCartChange } from "@/components/cart/cart-events";
import { readApiBody } from "@/components/forms/read-api-body";
import { formatPence } from "@/lib/format/money";
import type { CartView } from "@/lib/server/cart/types";
import { CartLineItem } from "./cart-line-item";
import { fromCartResponse, isCartResponse } from "./from-cart-response";
import styles from "./cart-list.module.css";

export const REMOVE_ERROR = "We couldn't remove this item. Please try again.";

/** The cart's lines, total and checkout button; removing a line updates the header badge. */
export function CartList({ initialCart }: { initialCart: CartView }) {
  const [cart, setCart] = useState(initialCart);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const regionRef = useRef<HTMLDivElement>(null);

  async function remove(id: string, name: string) {
    setRemovingId(id);
    setError(null);
    try {
      const response = await apiFetch(`/api/cart/items/${encodeURIComponent(id)}`, { method: "DELETE" });
      const body = await readApiBody(response);
      if (!response.ok || !isCartResponse(body)) {
        setError(body.message ?? REMOVE_ERROR);
        return;
      }
      const next = fromCartResponse(body);
      setCart(next);
      setNotice(`${name} was removed from your cart.`);
      announceCartChange(next.itemCount);
      // The removed line's button is gone; keep keyboard focus in the cart.
      regionRef.current?.focus();
    } catch {
      setError(REMOVE_ERROR);
    } finally {
      setRemovingId(null);
    }
  }

  return (
    <div ref={regionRef} tabIndex={-1} className={styles.region}>
      <p role="status" className="visually-hidden">
        {notice}
      </p>
      {error ? (
        <p role="alert" className="form-message-error">
          {error}
        </p>
      ) : null}
      {cart.items.length === 0 ? (
        <div className={styles.empty}>
          <p>Your cart is empty.</p>
          <Link href="/" className="button">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <ul className={styles.items} aria-label="Items in your cart">
            {cart.items.map((item) => (
              <CartLineItem key={item.id} item={item} isRemoving={removingId === item.id} onRemove={remove} />
            ))}
          </ul>
          <CheckoutSummary totalPence={cart.totalPence} />
        </div>
      )}
    </div>
  );
}

function CheckoutSummary({ totalPence }: { totalPence: number }) {
  const [message, setMessage] = useState("");
  return (
    <section className={styles.summary} aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className={styles.summaryHeading}>
        Order summary
      </h2>
      <p className={styles.total}>
        <span>Total</span>
        <span>{formatPence(totalPence)}</span>
      </p>
      <p className={styles.note}>Free shipping on orders £40+. Delivery options are chosen at checkout.</p>
      <button type="button" className="button" onClick={() => setMessage("Proceeding to checkout...")}>
        Checkout
      </button>
      <div role="status">{message ? <p className="form-message-success">{message}</p> : null}</div>
    </section>
  );
}
