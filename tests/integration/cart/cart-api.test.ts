import { GET } from "@/app/api/cart/route";
import { POST } from "@/app/api/cart/items/route";
import { DELETE, PATCH } from "@/app/api/cart/items/[id]/route";
import { call, guestCookieFrom } from "@/tests/support/request";
import { countRows, db } from "@/tests/support/db";
import { makeGuestId } from "@/tests/factories/guest";

afterAll(() => db.$disconnect());

const add = (json: unknown, cookies?: Record<string, string>) =>
  call(POST, "/api/cart/items", { json, cookies });

describe("cart API", () => {
  it("adds a cosmetic for a new guest, issues an HttpOnly guest cookie and prices from the catalogue", async () => {
    const res = await add({ product_slug: "men-shampoo", quantity: 2, price: 0.01 });
    expect(res.status).toBe(201);
    expect(res.setCookie).toMatch(/guest_id=[A-Za-z0-9_-]{43}/);
    expect(res.setCookie).toMatch(/HttpOnly/i);
    expect(res.setCookie).toMatch(/SameSite=lax/i);
    expect(res.body).toMatchObject({
      item_count: 2,
      total: 31.98,
      items: [{ product_slug: "men-shampoo", name: "Hair Growth Shampoo for Men", price: 15.99, quantity: 2, line_total: 31.98 }],
    });

    const guest = guestCookieFrom(res.setCookie);
    const cart = await call(GET, "/api/cart", { cookies: { guest_id: guest } });
    expect(cart.status).toBe(200);
    expect(cart.body.total).toBe(31.98);
    // The database keeps only a hash of the guest id.
    expect(await db.cart.count({ where: { guestKeyHash: guest } })).toBe(0);
  });

  it("raises the quantity when the same product is added again and totals to two decimals", async () => {
    const guest = makeGuestId();
    await add({ product_slug: "women-shampoo" }, { guest_id: guest });
    await add({ product_slug: "men-shampoo" }, { guest_id: guest });
    const res = await add({ product_slug: "women-shampoo" }, { guest_id: guest });
    expect(res.body.items).toHaveLength(2);
    expect(res.body.item_count).toBe(3);
    expect(res.body.total).toBe(47.97);
  });

  it("answers an empty cart for a visitor without a cookie or with a malformed one", async () => {
    for (const cookies of [undefined, { guest_id: "not-a-real-id" }]) {
      const res = await call(GET, "/api/cart", { cookies });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [], item_count: 0, total: 0 });
    }
  });

  it.each([
    [{ product_slug: "no-such-product" }, "This product is not available.", "product_slug"],
    [{ product_slug: "minoxidil-5-men" }, "Complete the assessment before adding this treatment to your cart.", "product_slug"],
    [{ product_slug: "viagra" }, "Complete the assessment before adding this treatment to your cart.", "product_slug"],
    [{ product_slug: "prescription-service" }, "This product is not available.", "product_slug"],
    [{ product_slug: "men-shampoo", quantity: -1 }, "Quantity must be at least 1.", "quantity"],
    [{ product_slug: "men-shampoo", quantity: 0 }, "Quantity must be at least 1.", "quantity"],
    [{ product_slug: "men-shampoo", quantity: 1.5 }, "Quantity must be a whole number.", "quantity"],
    [{ product_slug: "men-shampoo", quantity: 11 }, "You can order at most 10 of an item.", "quantity"],
    [{ quantity: 1 }, "Choose a product.", "product_slug"],
  ])("refuses %j with 422 and writes nothing", async (json, message, field) => {
    const guest = makeGuestId();
    const before = await countRows();
    const res = await add(json, { guest_id: guest });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toContain(message);
    expect(res.setCookie).toBeNull();
    expect(await countRows()).toEqual(before);
  });

  it("refuses to go past the per-item limit across several adds and keeps the earlier quantity", async () => {
    const guest = makeGuestId();
    await add({ product_slug: "men-shampoo", quantity: 9 }, { guest_id: guest });
    const res = await add({ product_slug: "men-shampoo", quantity: 2 }, { guest_id: guest });
    expect(res.status).toBe(422);
    const cart = await call(GET, "/api/cart", { cookies: { guest_id: guest } });
    expect(cart.body.items[0].quantity).toBe(9);
  });

  it("removes and updates only lines of the caller's own cart", async () => {
    const owner = makeGuestId();
    const stranger = makeGuestId();
    const added = await add({ product_slug: "men-shampoo" }, { guest_id: owner });
    const itemId = added.body.items[0].id;

    const foreignDelete = await call(DELETE, `/api/cart/items/${itemId}`, { method: "DELETE", cookies: { guest_id: stranger }, params: { id: itemId } });
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.body.message).toBe("This item is no longer in your cart.");
    const foreignPatch = await call(PATCH, `/api/cart/items/${itemId}`, { method: "PATCH", json: { quantity: 5 }, cookies: { guest_id: stranger }, params: { id: itemId } });
    expect(foreignPatch.status).toBe(404);

    const patched = await call(PATCH, `/api/cart/items/${itemId}`, { method: "PATCH", json: { quantity: 3 }, cookies: { guest_id: owner }, params: { id: itemId } });
    expect(patched.status).toBe(200);
    expect(patched.body.total).toBe(47.97);

    const negative = await call(PATCH, `/api/cart/items/${itemId}`, { method: "PATCH", json: { quantity: -2 }, cookies: { guest_id: owner }, params: { id: itemId } });
    expect(negative.status).toBe(422);

    const removed = await call(DELETE, `/api/cart/items/${itemId}`, { method: "DELETE", cookies: { guest_id: owner }, params: { id: itemId } });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ items: [], item_count: 0, total: 0 });

    const again = await call(DELETE, `/api/cart/items/${itemId}`, { method: "DELETE", cookies: { guest_id: owner }, params: { id: itemId } });
    expect(again.status).toBe(404);
    const malformed = await call(DELETE, "/api/cart/items/abc", { method: "DELETE", cookies: { guest_id: owner }, params: { id: "abc" } });
    expect(malformed.status).toBe(404);
  });

  it("keeps one line when the same product is added concurrently", async () => {
    const guest = makeGuestId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => add({ product_slug: "women-shampoo" }, { guest_id: guest })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const cart = await call(GET, "/api/cart", { cookies: { guest_id: guest } });
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0].quantity).toBe(5);
  });
});
