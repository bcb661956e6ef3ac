import { randomUUID } from "node:crypto";
import { GET as getCart } from "@/app/api/cart/route";
import { POST as addItem } from "@/app/api/cart/items/route";
import { POST as link } from "@/app/api/link-guest-subscriptions/route";
import { db } from "@/tests/support/db";
import { call, guestCookieFrom } from "@/tests/support/request";
import { makeGuestId } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";

afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function guestWithCart(quantity: number) {
  const res = await call(addItem, "/api/cart/items", { json: { product_slug: "women-shampoo", quantity } });
  return guestCookieFrom(res.setCookie);
}

describe("POST /api/link-guest-subscriptions", () => {
  it("moves the guest's cart into the account's (quantities add up) and retires the guest id", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    await call(addItem, "/api/cart/items", { json: { product_slug: "women-shampoo", quantity: 1 }, headers: bearer(token) });
    const guestId = await guestWithCart(2);

    const res = await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: bearer(token) });
    expect(res.status).toBe(200);
    const cart = await call(getCart, "/api/cart", { headers: bearer(token) });
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0].quantity).toBe(3);

    // The old guest id stops working: it shows an empty cart and cannot be linked elsewhere.
    const asGuest = await call(getCart, "/api/cart", { cookies: { guest_id: guestId } });
    expect(asGuest.body.item_count).toBe(0);
    const other = await signIn(await createUser());
    const stolen = await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: bearer(other.token) });
    expect(stolen.status).toBe(409);
  });

  it("is safe to repeat for the same account", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const guestId = await guestWithCart(1);
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: bearer(token) })).status).toBe(200);
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: bearer(token) })).status).toBe(200);
    const cart = await call(getCart, "/api/cart", { headers: bearer(token) });
    expect(cart.body.item_count).toBe(1);
  });

  it("a new guest cart after linking starts empty under a new guest id", async () => {
    const { token } = await signIn(await createUser());
    const guestId = await guestWithCart(1);
    await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: bearer(token) });
    const again = await call(addItem, "/api/cart/items", { json: { product_slug: "men-shampoo", quantity: 1 }, cookies: { guest_id: guestId } });
    expect(again.status).toBe(201);
    expect(guestCookieFrom(again.setCookie)).not.toBe(guestId);
    expect(again.body.item_count).toBe(1);
  });

  it("refuses a malformed guest id (422), a caller who is not signed in (401), and no guest id at all (422)", async () => {
    const { token } = await signIn(await createUser());
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: "short" }, headers: bearer(token) })).status).toBe(422);
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: makeGuestId() } })).status).toBe(401);
    expect((await call(link, "/api/link-guest-subscriptions", { json: {}, headers: bearer(token) })).status).toBe(422);
  });

  it("links a well-formed guest id that owns nothing as nothing to move (2xx), as the spec's client sends after registering", async () => {
    const { token } = await signIn(await createUser());
    for (const guestId of [randomUUID(), makeGuestId()]) {
      const res = await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: bearer(token) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: "There was nothing to move: your account is up to date.", moved: 0 });
    }
    // One owned by another account stays refused.
    const other = await signIn(await createUser());
    const taken = randomUUID();
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: taken }, headers: bearer(other.token) })).status).toBe(200);
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: taken }, headers: bearer(token) })).status).toBe(409);
  });
});
