import { GET as cartGet } from "@/app/api/cart/route";
import type { Actor } from "@/lib/server/core/actor/types";
import { confirmOrderPayment } from "@/lib/server/orders/confirm-order-payment";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { newClientAddress, spendCheckoutReturnBudget } from "@/tests/factories/client-address";
import { addToCart, checkout, createTestProduct, guestShopper, orderByReference } from "./support/shop";

// Deliveries can be held back and then sent all at once, the way Stripe retries and the
// return page can reach several app instances together.
const { sandbox, hold, release } = holdingSandboxForThisFile();

/** The return page, as a client at its own address (its own budget of provider look-ups) sees it. */
const returnTo = (sessionId: string, actor: Actor | null = null, clientAddress = newClientAddress()) => confirmOrderPayment({ sessionId, actor, clientAddress });

describe("order fulfilment", () => {
  it("makes exactly one paid order from 10 concurrent deliveries of the payment and the return page", async () => {
    const product = await createTestProduct({ pricePence: 2000, stockQuantity: 5 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug, quantity: 2 });
    const res = await checkout(shopper);
    expect(res.status).toBe(200);

    hold();
    await sandbox.pay(res.body.sessionId);
    const [delivery] = release();
    expect(delivery).toBeDefined();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => deliverWebhook(delivery!.payload, delivery!.signature)),
      returnTo(res.body.sessionId),
      returnTo(res.body.sessionId),
    ]);
    expect(results.slice(0, 10).every((r) => (r as { status: number }).status === 200)).toBe(true);

    const order = await orderByReference(res.body.reference);
    expect(order.status).toBe("AWAITING_DISPATCH");
    expect(order.payment.status).toBe("PAID");
    expect(order.events.map((event) => event.kind)).toEqual(["paid", "awaiting_dispatch"]);
    expect(await db.outboxEmail.count({ where: { toAddress: shopper.email, subject: { contains: order.reference } } })).toBe(1);
    // Stock was taken once, at checkout.
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(3);
    // The bought lines left the cart.
    const cart = await call(cartGet, "/api/cart", { cookies: shopper.cookies });
    expect(cart.body.items).toEqual([]);
  });

  it("shows the order only to its owner on the return page", async () => {
    const product = await createTestProduct({ pricePence: 2000 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const res = await checkout(shopper);
    await sandbox.pay(res.body.sessionId);
    const stranger = await returnTo(res.body.sessionId);
    expect(stranger).toEqual({ state: "paid", view: null });
    const { hashGuestId } = await import("@/lib/server/core/actor/guest-id");
    expect(hashGuestId(shopper.cookies.guest_id!)).toBe((await orderByReference(res.body.reference)).guestKeyHash);
    const owner = await returnTo(res.body.sessionId, { kind: "guest", guestId: shopper.cookies.guest_id!, isNew: false });
    expect(owner.view).toMatchObject({ reference: res.body.reference, status: "AWAITING_DISPATCH" });
    expect(await returnTo("cs_not_a_session")).toEqual({ state: "not-found", view: null });
  });

  it("says the payment is being confirmed, never \"not placed\", when it may not ask the provider or the provider does not answer", async () => {
    const product = await createTestProduct({ pricePence: 1800 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const res = await checkout(shopper);
    const owner: Actor = { kind: "guest", guestId: shopper.cookies.guest_id!, isNew: false };
    const spent = newClientAddress();
    await spendCheckoutReturnBudget(spent);
    expect(await returnTo(res.body.sessionId, owner, spent)).toMatchObject({ state: "confirming", view: { status: "PENDING_PAYMENT" } });
    const down = jest.spyOn(stripe().checkout.sessions, "retrieve").mockRejectedValueOnce(new Error("connect ECONNREFUSED"));
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await returnTo(res.body.sessionId, owner)).toMatchObject({ state: "confirming", view: { status: "PENDING_PAYMENT" } });
      expect(down).toHaveBeenCalledTimes(1);
    } finally {
      down.mockRestore();
      quiet.mockRestore();
    }
    // Asked, the provider says the checkout is still open: not paid. Anyone else is answered from our records.
    expect(await returnTo(res.body.sessionId, owner)).toMatchObject({ state: "failed", view: { status: "PENDING_PAYMENT" } });
    expect(await returnTo(res.body.sessionId)).toEqual({ state: "confirming", view: null });
  });

  it("refunds a payment for a checkout that was replaced and whose last item has gone since", async () => {
    const product = await createTestProduct({ pricePence: 1500, stockQuantity: 1 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const first = await checkout(shopper);
    // The order lapses (stock back on the shelf), then someone else buys the last one.
    hold();
    await sandbox.expire(first.body.sessionId);
    release();
    const { applyCheckoutSession } = await import("@/lib/server/services/payments/apply-checkout-session");
    const { stripe } = await import("@/lib/server/services/payments/stripe-client");
    await applyCheckoutSession(await stripe().checkout.sessions.retrieve(first.body.sessionId), "expired");
    expect((await orderByReference(first.body.reference)).status).toBe("CANCELLED");
    await db.product.update({ where: { id: product.id }, data: { stockQuantity: 0 } });
    // A late "paid" for the closed order (as if the provider completed it anyway) is refunded, never supplied.
    const payment = await db.payment.findUniqueOrThrow({ where: { checkoutSessionId: first.body.sessionId } });
    const { paymentPurposeHandler } = await import("@/lib/server/services/payments/purpose-registry");
    await import("@/lib/server/orders/order-payment-handler");
    const outcome = await db.$transaction((tx) =>
      paymentPurposeHandler("ORDER").onPaid(tx, { id: payment.id, purpose: "ORDER", amountPence: payment.amountPence, currency: "gbp", status: "OPEN", checkoutSessionId: payment.checkoutSessionId, paymentIntentId: null }),
    );
    expect(outcome).toBe("refund");
    const order = await orderByReference(first.body.reference);
    expect(order.status).toBe("CANCELLED");
    expect(order.events.map((e) => e.kind)).toEqual(["cancelled", "refunded"]);
  });
});
