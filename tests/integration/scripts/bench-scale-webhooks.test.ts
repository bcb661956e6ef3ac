// The scale bench's paid-invoice webhook load (bench/scale/invoice-webhooks.mjs) sends only
// events that each make a new order: every one a distinct invoice.paid of a distinct, paid
// renewal invoice of the subscriptions it was given, as the payment API will show it when
// the app re-reads it. Driven here on the step's own sandbox through the real Stripe SDK.
import Stripe from "stripe";
import { invoicePool, startScaleSandbox, type ScaleSandbox } from "@/bench/scale/invoice-webhooks.mjs";

let sandbox: ScaleSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startScaleSandbox();
  stripe = new Stripe("sk_test_sandbox", { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => sandbox.close());

/** A paid subscription-mode checkout on the sandbox (its webhooks held, as while the bench loads). */
async function paidSubscription(price: string) {
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price, quantity: 1 }],
    customer_email: "bench@example.com",
    subscription_data: { metadata: { plan_id: "p", product_id: "q" } },
    shipping_address_collection: { allowed_countries: ["GB"] },
    success_url: "http://127.0.0.1/done?session_id={CHECKOUT_SESSION_ID}",
  });
  await sandbox.pay(session.id);
  return sandbox.session(session.id)!.subscription!;
}

describe("invoicePool", () => {
  it("hands out distinct invoice.paid events of paid renewal invoices, spread over the subscriptions, and tops itself up", async () => {
    const price = await stripe.prices.create({ currency: "gbp", unit_amount: 2999, recurring: { interval: "month" }, product_data: { name: "Plan" } });
    const subscriptions = [await paidSubscription(price.id), await paidSubscription(price.id)];
    const pool = invoicePool(sandbox, subscriptions);
    await pool.fill();
    const taken = Array.from({ length: 600 }, () => pool.take());
    await pool.fill(); // the top-up that take() started below half
    taken.push(...Array.from({ length: 600 }, () => pool.take()));

    const events = taken.map(({ payload }) => JSON.parse(payload) as Stripe.Event);
    expect(new Set(taken.map((t) => t.invoiceId)).size).toBe(taken.length);
    expect(new Set(events.map((event) => event.id)).size).toBe(taken.length);
    for (const [i, event] of events.entries()) {
      expect(event.type).toBe("invoice.paid");
      const invoice = event.data.object as Stripe.Invoice;
      expect(invoice.id).toBe(taken[i]!.invoiceId);
      expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptions[i % 2]);
    }
    // As the app will re-read them: paid renewals, each with its payment.
    for (const { invoiceId } of [taken[0]!, taken[taken.length - 1]!]) {
      expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({ status: "paid", amount_paid: 2999, billing_reason: "subscription_cycle" });
      expect((await stripe.invoicePayments.list({ invoice: invoiceId })).data[0]?.status).toBe("paid");
    }
  });

  it("says so when the load outruns it, rather than sending an event twice", async () => {
    const price = await stripe.prices.create({ currency: "gbp", unit_amount: 999, recurring: { interval: "month" }, product_data: { name: "Plan" } });
    const pool = invoicePool(sandbox, [await paidSubscription(price.id)]);
    await pool.fill();
    expect(() => {
      for (let i = 0; i < 5000; i++) pool.take();
    }).toThrow("the renewal invoices ran out");
    await pool.fill(); // the top-up under way finishes before the sandbox closes
  });
});
