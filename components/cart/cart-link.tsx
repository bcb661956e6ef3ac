"use client";

import { useEffect, useState } from "react";
import { CartIcon } from "@/components/icons/cart-icon";
import type { CartResponse } from "@/lib/server/cart/types";
import { CART_CHANGED_EVENT } from "./cart-events";
import styles from "./cart-link.module.css";

function cartLabel(count: number | null): string {
  if (count === null) return "Cart";
  return `Cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/**
 * The header's cart icon. The count is fetched after mount (pages stay static) and kept
 * current by `cart:changed` events. The badge is positioned over the icon, so it never
 * moves anything when it appears.
 */
export function CartLink() {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let hasNewerCount = false;

    fetch("/api/cart", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<Partial<CartResponse>>) : null))
      .then((body) => {
        if (!hasNewerCount && typeof body?.item_count === "number") setCount(body.item_count);
      })
      .catch(() => {
        // The badge is a convenience; without it the link still works.
      });

    const onCartChanged = (event: CustomEvent<{ itemCount: number }>) => {
      if (typeof event.detail?.itemCount !== "number") return;
      hasNewerCount = true;
      setCount(event.detail.itemCount);
    };
    window.addEventListener(CART_CHANGED_EVENT, onCartChanged);
    return () => {
      controller.abort();
      window.removeEventListener(CART_CHANGED_EVENT, onCartChanged);
    };
  }, []);

  const badge = count && count > 99 ? "99+" : String(count ?? "");

  return (
    <a href="/cart" className={styles.link} aria-label={cartLabel(count)}>
      <CartIcon size={26} />
      <span className={styles.badge} aria-hidden="true" hidden={!count}>
        {badge}
      </span>
    </a>
  );
}
