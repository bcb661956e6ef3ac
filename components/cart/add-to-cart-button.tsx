"use client";

import { apiFetch } from "@/lib/client/api-fetch";
import { useState } from "react";
import { readApiBody } from "@/components/forms/read-api-body";
import { announceCartChange } from "./cart-events";
import styles from "./add-to-cart-button.module.css";

export const ADD_TO_CART_ERROR = "We couldn't add this to your cart. Please try again.";

type State = { kind: "idle" } | { kind: "adding" } | { kind: "added" } | { kind: "error"; message: string };

/** Adds one of a cosmetic product to the guest's cart and tells the header badge. */
export function AddToCartButton({ productSlug, label = "Add to cart" }: { productSlug: string; label?: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function add() {
    setState({ kind: "adding" });
    try {
      const response = await apiFetch("/api/cart/items", { json: { product_slug: productSlug, quantity: 1 } });
      const body = await readApiBody(response);
      if (response.ok) {
        if (typeof body.item_count === "number") announceCartChange(body.item_count);
        setState({ kind: "added" });
        return;
      }
      setState({ kind: "error", message: body.message ?? ADD_TO_CART_ERROR });
    } catch {
      setState({ kind: "error", message: ADD_TO_CART_ERROR });
    }
  }

  return (
    <div className={styles.wrapper}>
      <button type="button" className={`button ${styles.button}`} onClick={add} disabled={state.kind === "adding"}>
        {state.kind === "adding" ? "Adding..." : label}
      </button>
      <div role="status">
        {state.kind === "added" ? (
          <p className="form-message-success">
            Added to your cart. <a href="/cart">View cart</a>
          </p>
        ) : null}
      </div>
      {state.kind === "error" ? (
        <p role="alert" className="form-message-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
