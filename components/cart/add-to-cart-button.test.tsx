import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddToCartButton, ADD_TO_CART_ERROR } from "./add-to-cart-button";
import { CART_CHANGED_EVENT } from "./cart-events";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

describe("AddToCartButton", () => {
  it("posts the product as JSON, confirms, and announces the new count", async () => {
    const fetchMock = jest.fn(() => answer(201, { items: [], item_count: 2, total: 31.98 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const listener = jest.fn();
    window.addEventListener(CART_CHANGED_EVENT, listener);

    render(<AddToCartButton productSlug="men-shampoo" />);
    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Added to your cart.");
    expect(screen.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    expect(fetchMock).toHaveBeenCalledWith("/api/cart/items", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-XSRF-TOKEN": "test-xsrf-token" },
      credentials: "same-origin",
      body: JSON.stringify({ product_slug: "men-shampoo", quantity: 1 }),
      signal: undefined,
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ itemCount: 2 });
    window.removeEventListener(CART_CHANGED_EVENT, listener);
  });

  it("shows the server's message when the product is refused", async () => {
    global.fetch = jest.fn(() => answer(422, { message: "This product needs an assessment first." })) as unknown as typeof fetch;
    render(<AddToCartButton productSlug="minoxidil-5-men" />);
    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This product needs an assessment first.");
    expect(screen.queryByText("Added to your cart.")).not.toBeInTheDocument();
  });

  it("explains a network failure", async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch;
    render(<AddToCartButton productSlug="men-shampoo" />);
    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ADD_TO_CART_ERROR);
  });
});
