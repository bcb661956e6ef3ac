import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { createUser, signIn } from "@/tests/factories/user";
import { ADDRESS, accountShopper, addToCart, checkout, createTestProduct, guestShopper, orderByReference, quote } from "./support/shop";

const sandbox = sandboxForThisFile();

/** The amounts Stripe was asked to charge, line by line. */
function sessionLines(sessionId: string) {
  const session = sandbox.session(sessionId);
  if (!session) throw new Error(`no sandbox session ${sessionId}`);
  return session;
}

describe("POST /api/checkout: pricing from the catalogue", () => {
  it("charges standard delivery on £39.99 and none on £40.00", async () => {
    for (const [price, delivery] of [
      [3999, 399],
      [4000, 0],
    ] as const) {
      const product = await createTestProduct({ pricePence: price });
      const shopper = guestShopper();
      await addToCart(shopper, { product_slug: product.slug });
      const res = await checkout(shopper);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^http/);
      const order = await orderByReference(res.body.reference);
      expect(order).toMatchObject({ status: "PENDING_PAYMENT", subtotalPence: price, deliveryPence: delivery, discountPence: 0, totalPence: price + delivery, needsReview: false });
      expect(order.payment).toMatchObject({ purpose: "ORDER", amountPence: price + delivery, status: "OPEN" });
      expect(sessionLines(res.body.sessionId).amount_total).toBe(price + delivery);
    }
  });

  it("always charges next day delivery and shows both options' costs in the quote", async () => {
    const product = await createTestProduct({ pricePence: 5000 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const q = await quote(shopper, { delivery_option: "next-day" });
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ subtotal: 50, delivery: 5.99, total: 55.99 });
    expect(q.body.deliveryOptions.map((o: { slug: string; pricePence: number }) => [o.slug, o.pricePence])).toEqual([
      ["standard", 0],
      ["next-day", 599],
    ]);
    const res = await checkout(shopper, { delivery_option: "next-day" });
    expect(res.status).toBe(200);
    expect(await orderByReference(res.body.reference)).toMatchObject({ deliveryOptionSlug: "next-day", deliveryPence: 599, totalPence: 5599 });
  });

  it("ignores any price, total or amount the client sends", async () => {
    const product = await createTestProduct({ pricePence: 2500 });
    const shopper = guestShopper();
    const added = await addToCart(shopper, { product_slug: product.slug, price: 0.01, unit_price_pence: 1 });
    expect(added.body.items[0].price).toBe(25);
    const res = await checkout(shopper, { total: 0.01, amount: 1, price: 0.01, delivery_pence: 0 });
    expect(res.status).toBe(200);
    expect(await orderByReference(res.body.reference)).toMatchObject({ subtotalPence: 2500, deliveryPence: 399, totalPence: 2899 });
  });

  it("stops a price that changed after the item was added, says what changed, then goes through at the new price", async () => {
    const product = await createTestProduct({ pricePence: 1500, name: "Test Shampoo" });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    await db.product.update({ where: { id: product.id }, data: { pricePence: 1700 } });
    const before = await db.order.count();
    const first = await checkout(shopper);
    expect(first.status).toBe(409);
    expect(first.body.errors.cart).toEqual(["The price of Test Shampoo has changed from £15.00 to £17.00."]);
    expect(await db.order.count()).toBe(before);
    const second = await checkout(shopper);
    expect(second.status).toBe(200);
    expect(await orderByReference(second.body.reference)).toMatchObject({ subtotalPence: 1700 });
  });

  it("stops an item that sold out or was withdrawn since it was added", async () => {
    const scarce = await createTestProduct({ pricePence: 1000, stockQuantity: 1, name: "Scarce Shampoo" });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: scarce.slug, quantity: 2 });
    const res = await checkout(shopper);
    expect(res.status).toBe(409);
    expect(res.body.errors.cart).toEqual(["Only 1 of Scarce Shampoo left in stock. Please lower the quantity."]);

    const gone = await createTestProduct({ pricePence: 1000, name: "Gone Shampoo" });
    const other = guestShopper();
    await addToCart(other, { product_slug: gone.slug });
    await db.product.update({ where: { id: gone.id }, data: { isActive: false } });
    const res2 = await checkout(other);
    // A withdrawn item is no longer in the cart's lines: the cart is empty for checkout.
    expect([409, 422]).toContain(res2.status);
  });

  it("reserves stock at checkout so two shoppers cannot both buy the last one, and a lapsed checkout gives it back", async () => {
    const last = await createTestProduct({ pricePence: 1000, stockQuantity: 1, name: "Last Shampoo" });
    const [a, b] = [guestShopper(), guestShopper()];
    await addToCart(a, { product_slug: last.slug });
    await addToCart(b, { product_slug: last.slug });
    const results = await Promise.all([checkout(a), checkout(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await db.product.findUniqueOrThrow({ where: { id: last.id } })).stockQuantity).toBe(0);
    const winner = results.find((r) => r.status === 200)!;
    await sandbox.expire(winner.body.sessionId);
    expect((await orderByReference(winner.body.reference)).status).toBe("CANCELLED");
    expect((await db.product.findUniqueOrThrow({ where: { id: last.id } })).stockQuantity).toBe(1);
  });

  it("answers the same open checkout to a repeated request, and replaces it when the order changes", async () => {
    const product = await createTestProduct({ pricePence: 1200 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const [one, two] = await Promise.all([checkout(shopper), checkout(shopper)]);
    expect(one.status).toBe(200);
    expect(two.body.sessionId).toBe(one.body.sessionId);
    const changed = await checkout(shopper, { delivery_option: "next-day" });
    expect(changed.body.sessionId).not.toBe(one.body.sessionId);
    expect((await orderByReference(one.body.reference)).status).toBe("CANCELLED");
    expect(sandbox.session(one.body.sessionId)?.status).toBe("expired");
  });

  it("refuses bad input with 422 and a message for each field, writing nothing", async () => {
    const product = await createTestProduct({ pricePence: 1200 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const before = await db.order.count();
    const bad = await checkout(shopper, { delivery_option: "teleport", email: "nope", address: { ...ADDRESS, postcode: "12345", name: "" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(expect.arrayContaining(["email"]));
    const noEmail = await checkout(shopper, { email: undefined });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.message).toBe("Please enter your email address so we can send your order updates.");
    const unknownDelivery = await checkout(shopper, { delivery_option: "teleport" });
    expect(unknownDelivery.status).toBe(422);
    expect(await db.order.count()).toBe(before);
  });

  it("refuses an empty cart", async () => {
    const res = await checkout(guestShopper());
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Your cart is empty.");
  });

  it("uses the signed-in patient's own email, whatever email is sent", async () => {
    const patient = await createUser();
    const { cookies } = await signIn(patient);
    const shopper = accountShopper(cookies, patient.email);
    const product = await createTestProduct({ pricePence: 1200 });
    await addToCart(shopper, { product_slug: product.slug });
    const res = await checkout(shopper, { email: "someone.else@example.com" });
    expect(res.status).toBe(200);
    expect(await orderByReference(res.body.reference)).toMatchObject({ email: patient.email, userId: patient.id, guestKeyHash: null });
  });
});
