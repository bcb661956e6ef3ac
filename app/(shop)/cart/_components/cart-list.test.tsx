import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AnchorHTMLAttributes } from "react";
import { CART_CHANGED_EVENT } from "@/components/cart/cart-events";
import type { CartView } from "@/lib/server/cart/types";
import { CartList, REMOVE_ERROR } from "./cart-list";

jest.mock("next/link", () => ({
  __esModule: true,
  default: ({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) => <a href={href} {...rest} />,
}));

const line = (id: string, name: string, quantity: number) => ({
  id,
  productSlug: name.toLowerCase().replace(/ /g, "-"),
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

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

describe("CartList", () => {
  it("lists each item with its name, duration, quantity and price, and the total", () => {
    render(<CartList initialCart={cart} />);
    const items = within(screen.getByRole("list", { name: "Items in your cart" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent("Women Shampoo");
    expect(items[1]).toHaveTextContent("One-off purchase");
    expect(items[1]).toHaveTextContent("Quantity: 2");
    expect(items[1]).toHaveTextContent("£31.98");
    expect(screen.getByText("Total").parentElement).toHaveTextContent("£47.97");
  });

  it("removes an item, updates the total and announces the new count", async () => {
    const fetchMock = jest.fn(() =>
      answer(200, {
        items: [{ id: cart.items[1]?.id, product_slug: "women-shampoo", name: "Women Shampoo", subscription: "One-off purchase", price: 15.99, quantity: 2, line_total: 31.98, image: "/images/women-shampoo.svg" }],
        item_count: 2,
        total: 31.98,
      }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const listener = jest.fn();
    window.addEventListener(CART_CHANGED_EVENT, listener);
    render(<CartList initialCart={cart} />);

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
    render(<CartList initialCart={{ ...cart, items: cart.items.slice(0, 1), itemCount: 1, totalPence: 1599 }} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove Men Shampoo" }));
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  });

  it("keeps the item and explains when removal fails", async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError("offline"))) as unknown as typeof fetch;
    render(<CartList initialCart={cart} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove Men Shampoo" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(REMOVE_ERROR);
    expect(screen.getByRole("button", { name: "Remove Men Shampoo" })).toBeInTheDocument();
  });

  it("shows the empty cart message and a link home", () => {
    render(<CartList initialCart={{ items: [], itemCount: 0, totalPence: 0 }} />);
    expect(screen.getByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  });

  it("announces checkout in a status message, not an alert dialog", async () => {
    const alertSpy = jest.spyOn(window, "alert").mockImplementation(() => {});
    render(<CartList initialCart={cart} />);
    await userEvent.click(screen.getByRole("button", { name: "Checkout" }));
    expect(screen.getByText("Proceeding to checkout...").closest("[role=status]")).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });
});
