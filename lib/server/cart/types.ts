// What the cart queries return (pence) and what GET /api/cart answers (pounds, as the spec's client reads prices).

export type CartLine = {
  id: string;
  productSlug: string;
  name: string;
  /** The spec's "subscription duration label"; one-off items read "One-off purchase". */
  durationLabel: string;
  image: string;
  imageAlt: string;
  unitPricePence: number;
  quantity: number;
  lineTotalPence: number;
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
    name: string;
    subscription: string;
    price: number;
    quantity: number;
    line_total: number;
    image: string;
  }[];
  item_count: number;
  total: number;
};
