// The header's cart badge listens for this event; anything that changes the cart announces
// the new item count so the badge updates without refetching.

export const CART_CHANGED_EVENT = "cart:changed";

type CartChangedDetail = { itemCount: number };

declare global {
  interface WindowEventMap {
    "cart:changed": CustomEvent<CartChangedDetail>;
  }
}

/** Tells the cart badge (and any other listener) how many items the cart now holds. */
export function announceCartChange(itemCount: number): void {
  window.dispatchEvent(new CustomEvent<CartChangedDetail>(CART_CHANGED_EVENT, { detail: { itemCount } }));
}
