// What the cart queries return (pence) and what GET /api/cart answers (pounds, as the spec's client reads prices).

export type CartLine = {
  id: string;
  productSlug: string;
  /** Set on a treatment plan's line (a medicine chosen on its assessment's results page). */
  planId: string | null;
  kind: "COSMETIC" | "PHARMACY_MEDICINE" | "PRESCRIPTION_ONLY" | "SERVICE";
  name: string;
  /** The spec's "subscription duration label"; one-off items read "One-off purchase". */
  durationLabel: string;
  image: string;
  imageAlt: string;
  unitPricePence: number;
  quantity: number;
  lineTotalPence: number;
  /** The unit price shown when the line was added, when the catalogue's differs now. */
  previousUnitPricePence: number | null;
};

export type CartView = {
  items: CartLine[];
  itemCount: number;
  totalPence: number;
};

export type CartResponse = {
  items: {
    id: string;
    product_slug: string;
    plan_id: string | null;
    kind: CartLine["kind"];
    name: string;
    subscription: string;
    price: number;
    quantity: number;
    line_total: number;
    /** The price when the item was added, when it has changed since (checkout asks to review). */
    previous_price: number | null;
    image: string;
  }[];
  item_count: number;
  total: number;
};
