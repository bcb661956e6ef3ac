import { act, render, screen, waitFor } from "@testing-library/react";
import { announceCartChange } from "./cart-events";
import { CartLink } from "./cart-link";

function answer(body: unknown) {
  return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response);
}

afterEach(() => jest.restoreAllMocks());

describe("CartLink", () => {
  it("links to the cart and shows the count fetched after mount", async () => {
    const fetchMock = jest.fn(() => answer({ items: [], item_count: 2, total: 31.98 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<CartLink />);
    expect(screen.getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart");
    expect(await screen.findByRole("link", { name: "Cart, 2 items" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/cart", expect.objectContaining({ headers: { Accept: "application/json" } }));
  });

  it("follows cart:changed events", async () => {
    global.fetch = jest.fn(() => answer({ items: [], item_count: 0, total: 0 })) as unknown as typeof fetch;
    render(<CartLink />);
    await screen.findByRole("link", { name: "Cart, 0 items" });
    act(() => announceCartChange(1));
    expect(screen.getByRole("link", { name: "Cart, 1 item" })).toBeInTheDocument();
    act(() => announceCartChange(5));
    expect(screen.getByRole("link", { name: "Cart, 5 items" })).toBeInTheDocument();
  });

  it("keeps an announced count when a slower fetch answers afterwards", async () => {
    let resolveFetch: (value: Response) => void = () => {};
    global.fetch = jest.fn(() => new Promise<Response>((resolve) => (resolveFetch = resolve))) as unknown as typeof fetch;
    render(<CartLink />);
    act(() => announceCartChange(3));
    await act(async () => resolveFetch({ ok: true, status: 200, json: () => Promise.resolve({ item_count: 0 }) } as Response));
    expect(screen.getByRole("link", { name: "Cart, 3 items" })).toBeInTheDocument();
  });

  it("still works as a plain cart link when the count cannot be loaded", async () => {
    const fetchMock = jest.fn(() => Promise.reject(new TypeError("offline")));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<CartLink />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart");
  });
});
