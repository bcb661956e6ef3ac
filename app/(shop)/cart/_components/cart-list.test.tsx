import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CART_CHANGED_EVENT } from "@/components/cart/cart-events";
import type { CartView } from "@/lib/server/cart/types";
import type { OrderQuote } from "@/lib/server/orders/quote-order";
import { CartList, REMOVE_ERROR } from "./cart-list";
import { PROCEEDING } from "./checkout-form";

const line = (id: string, name: string, quantity: number) => ({
  id,
  productSlug: name.toLowerCase().replace(/ /g, "-"),
  planId: null,
  kind: "COSMETIC" as const,
  previousUnitPricePence: null,
  name,
  durationLabel: "One-off purchase",
  image: "/images/men-shampoo.svg",
  imageAlt: "",
  unitPricePence: 1599,
  quantity,
  lineTotalPence: 1599 * quantity,
});

const cart: CartView = {
  items: [line("11111111-1111-4111-8111-111111111111", "Men Shampoo", 1), line("22222222-2222-4222-8222-222222222222", "Women Shampoo", 2)],
  itemCount: 3,
  totalPence: 4797,
};

const quote: OrderQuote = {
  subtotalPence: 4797,
  discountPence: 0,
  deliveryPence: 0,
  totalPence: 4797,
  freeDelivery: true,
  discountCode: null,
  deliveryOptions: [
    { slug: "standard", name: "Standard delivery", description: "2 to 4 working days.", pricePence: 0 },
    { slug: "next-day", name: "Next day delivery", description: "Next working day.", pricePence: 599 },
  ],
  problems: [],
};

function renderCart(initialCart: CartView) {
  return render(<CartList initialCart={initialCart} initialQuote={quote} isGuest={false} cancelled={false} />);
}

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

describe("CartList", () => {
  it("lists each item with its name, duration, quantity and price, and the total", () => {
    renderCart(cart);
    const items = within(screen.getByRole("list", { name: "Items in your cart" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent("Women Shampoo");
    expect(items[1]).toHaveTextContent("One-off purchase");
    expect(items[1]).toHaveTextContent("Quantity: 2");
    expect(items[1]).toHaveTextContent("£31.98");
    expect(screen.getByText("Total").parentElement).toHaveTextContent("£47.97");
  });

  it("removes an item, updates the total and announces the new count", async () => {
    const fetchMock = jest.fn((url: string) =>
      url === "/api/checkout/quote" ? answer(200, { ...quote, subtotalPence: 3198, totalPence: 3597, deliveryPence: 399 }) : answer(200, {
        items: [{ id: cart.items[1]?.id, product_slug: "women-shampoo", name: "Women Shampoo", subscription: "One-off purchase", price: 15.99, quantity: 2, line_total: 31.98, image: "/images/women-shampoo.svg" }],
        item_count: 2,
        total: 31.98,
      }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const listener = jest.fn();
    window.addEventListener(CART_CHANGED_EVENT, listener);
    renderCart(cart);

    await userEvent.click(screen.getByRole("button", { name: "Remove Men Shampoo" }));

    expect(await screen.findByText("Men Shampoo was removed from your cart.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/cart/items/${cart.items[0]?.id}`, expect.objectContaining({ method: "DELETE" }));
    expect(screen.queryByRole("button", { name: "Remove Men Shampoo" })).not.toBeInTheDocument();
    expect(screen.getByText("Total").parentElement).toHaveTextContent("£31.98");
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ itemCount: 2 });
    window.removeEventListener(CART_CHANGED_EVENT, listener);
  });

  it("shows the empty state once the last item is removed", async () => {
    global.fetch = jest.fn(() => answer(200, { items: [], item_count: 0, total: 0 })) as unknown as typeof fetch;
    renderCart({ ...cart, items: cart.items.slice(0, 1), itemCount: 1, totalPence: 1599 });
    await userEvent.click(screen.getByRole("button", { name: "Remove Men Shampoo" }));
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  });

  it("keeps the item and explains when removal fails", async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError("offline"))) as unknown as typeof fetch;
    renderCart(cart);
    await userEvent.click(screen.getByRole("button", { name: "Remove Men Shampoo" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(REMOVE_ERROR);
    expect(screen.getByRole("button", { name: "Remove Men Shampoo" })).toBeInTheDocument();
  });

  it("shows the empty cart message and a link home", () => {
    renderCart({ items: [], itemCount: 0, totalPence: 0 });
    expect(screen.getByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  });

  it("shows the delivery options with their cost and what is to pay", () => {
    renderCart(cart);
    expect(screen.getByRole("radio", { name: /Standard delivery: Free/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Next day delivery: £5.99/ })).not.toBeChecked();
    expect(screen.getByText("To pay").parentElement).toHaveTextContent("£47.97");
  });

  it("reads \"Proceeding to checkout...\" in a status message while it opens the payment page, not an alert dialog", async () => {
    const alertSpy = jest.spyOn(window, "alert").mockImplementation(() => {});
    global.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    document.cookie = "XSRF-TOKEN=test";
    renderCart(cart);
    await userEvent.click(screen.getByRole("button", { name: "Checkout" }));
    expect(screen.getByRole("button", { name: PROCEEDING })).toBeDisabled();
    expect(screen.getByText(PROCEEDING, { selector: "p" }).closest("[role=status]")).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it("shows what changed when checkout finds the cart changed (409)", async () => {
    document.cookie = "XSRF-TOKEN=test";
    global.fetch = jest.fn((url: string) =>
      url === "/api/checkout"
        ? answer(409, { message: "Some items changed.", errors: { cart: ["The price of Men Shampoo has changed from £15.99 to £16.99."] } })
        : answer(200, quote),
    ) as unknown as typeof fetch;
    renderCart(cart);
    await userEvent.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("The price of Men Shampoo has changed from £15.99 to £16.99.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Checkout" })).toBeEnabled();
  });

  it("shows a field's message from the server next to the field", async () => {
    document.cookie = "XSRF-TOKEN=test";
    global.fetch = jest.fn(() =>
      answer(422, { message: "Please enter a valid UK postcode, for example SW1A 1AA.", errors: { "address.postcode": ["Please enter a valid UK postcode, for example SW1A 1AA."] } }),
    ) as unknown as typeof fetch;
    renderCart(cart);
    await userEvent.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByLabelText("Postcode")).toHaveAttribute("aria-invalid", "true");
  });
});
