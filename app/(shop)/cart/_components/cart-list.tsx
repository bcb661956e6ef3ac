"use client";

import { apiFetch } from "@/lib/client/api-fetch";
import { useRef, useState } from "react";
import { announceCartChange } from "@/components/cart/cart-events";
import { readApiBody } from "@/components/forms/read-api-body";
import type { CartView } from "@/lib/server/cart/types";
import type { OrderQuote } from "@/lib/server/orders/quote-order";
import { CartLineItem } from "./cart-line-item";
import { CheckoutForm } from "./checkout-form";
import { fromCartResponse, isCartResponse } from "./from-cart-response";
import styles from "./cart-list.module.css";

export const REMOVE_ERROR = "We couldn't remove this item. Please try again.";

/** The cart's lines, total and checkout button; removing a line updates the header badge. */
export function CartList({ initialCart, initialQuote, isGuest, cancelled }: { initialCart: CartView; initialQuote: OrderQuote; isGuest: boolean; cancelled: boolean }) {
  const [cart, setCart] = useState(initialCart);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const regionRef = useRef<HTMLDivElement>(null);

  async function reload() {
    try {
      const response = await apiFetch("/api/cart");
      const body = await readApiBody(response);
      if (response.ok && isCartResponse(body)) setCart(fromCartResponse(body));
    } catch {
      // The list keeps what it shows; checkout re-checks anyway.
    }
  }

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
          <a href="/" className="button">
            Continue Shopping
          </a>
        </div>
      ) : (
        <div className={styles.layout}>
          <ul className={styles.items} aria-label="Items in your cart">
            {cart.items.map((item) => (
              <CartLineItem key={item.id} item={item} isRemoving={removingId === item.id} onRemove={remove} />
            ))}
          </ul>
          <CheckoutForm
            itemsTotalPence={cart.totalPence}
            initialQuote={initialQuote}
            isGuest={isGuest}
            cancelled={cancelled}
            onCartStale={() => void reload()}
            cartVersion={cart.items.map((item) => `${item.id}:${item.quantity}`).join(",")}
          />
        </div>
      )}
    </div>
  );
}
