// The local payment sandbox, driven by the real Stripe SDK as the app drives it, plus its
// hosted page (as a browser posts it) and its signed webhooks. No database needed.
import Stripe from "stripe";
import { parseForm } from "@/stripe-sandbox/form.mjs";
import { startStripeSandbox, type SandboxDelivery, type StripeSandbox } from "@/stripe-sandbox/server.mjs";

const SECRET = "whsec_sandboxsecret0123456789";
const SUCCESS_URL = "http://127.0.0.1:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}";
const CANCEL_URL = "http://127.0.0.1:3000/cart";

let sandbox: StripeSandbox;
let stripe: Stripe;
let deliveries: SandboxDelivery[] = [];
let logLines: string[] = [];
/** How the fake webhook endpoint answers; tests replace it. */
let answer: (delivery: SandboxDelivery) => number = () => 200;

const sdkFor = (port: number, key = "sk_test_sandbox") => new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });

beforeAll(async () => {
  sandbox = await startStripeSandbox({
    webhookSecret: SECRET,
    deliver: async (delivery) => {
      deliveries.push(delivery);
      return { status: answer(delivery) };
    },
    log: (line) => logLines.push(line),
  });
  stripe = sdkFor(sandbox.port);
});

afterAll(() => sandbox.close());

beforeEach(() => {
  deliveries = [];
  logLines = [];
  answer = () => 200;
});

const sessionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: "payment",
  success_url: SUCCESS_URL,
  cancel_url: CANCEL_URL,
  client_reference_id: "order_123",
  customer_email: "patient@example.com",
  metadata: { order_id: "order_123" },
  payment_intent_data: { metadata: { order_id: "order_123" } },
  line_items: [{ quantity: 2, price_data: { currency: "GBP", unit_amount: 2500, product_data: { name: "Finasteride 1 mg", description: "28 tablets" } } }],
  ...overrides,
});

/** Waits for a delivered event (hosted-page deliveries run in the background). */
async function deliveredEvent(type: string, sessionId: string, list: () => SandboxDelivery[] = () => deliveries) {
  for (let waited = 0; waited < 3000; waited += 10) {
    const found = list().find((d) => d.event.type === type && d.event.data.object.id === sessionId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${type} delivered for ${sessionId}`);
}

const postPage = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

describe("Stripe payment sandbox: API", () => {
  it("parses Stripe's bracket notation into nested objects and arrays", () => {
    const form = parseForm("line_items[0][price_data][unit_amount]=5000&line_items[0][quantity]=1&metadata[booking_id]=b%201&payment_method_types[0]=card&expand[]=x&__proto__[polluted]=1");
    expect(form).toEqual({
      line_items: [{ price_data: { unit_amount: "5000" }, quantity: "1" }],
      metadata: { booking_id: "b 1" },
      payment_method_types: ["card"],
      expand: ["x"],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("creates a Checkout Session in Stripe's format and retrieves it", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      object: "checkout.session",
      url: `${sandbox.url}/pay/${session.id}`,
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: 5000,
      amount_total: 5000,
      currency: "gbp",
      client_reference_id: "order_123",
      customer_email: "patient@example.com",
      customer_details: null,
      metadata: { order_id: "order_123" },
      mode: "payment",
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      payment_intent: null,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.expires_at).toBe(session.created + 24 * 60 * 60);
    const { lastResponse, ...retrieved } = await stripe.checkout.sessions.retrieve(session.id);
    expect(lastResponse.statusCode).toBe(200);
    expect(retrieved).toEqual({ ...session });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data).toEqual([expect.objectContaining({ description: "Finasteride 1 mg", quantity: 2, amount_total: 5000, currency: "gbp" })]);
  });

  it("expires an open session through the API, delivers checkout.session.expired, and refuses a second expire", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", url: null });
    const { event } = await deliveredEvent("checkout.session.expired", session.id);
    expect(event.data.object.status).toBe("expired");
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      message: expect.stringContaining('Only Checkout Sessions with a status in ["open"] can be expired'),
    });
  });

  it("answers an unknown session with 404 resource_missing", async () => {
    await expect(stripe.checkout.sessions.retrieve("cs_test_unknown")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
      message: "No such checkout.session: 'cs_test_unknown'",
    });
  });

  it.each<[string, Partial<Stripe.Checkout.SessionCreateParams>, string]>([
    ["a quantity below 1", { line_items: [{ quantity: 0, price_data: { currency: "gbp", unit_amount: 100, product_data: { name: "x" } } }] }, "line_items[0][quantity]"],
    ["a fractional unit_amount", { line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 10.5, product_data: { name: "x" } } }] }, "line_items[0][price_data][unit_amount]"],
    ["a currency that is not 3 letters", { line_items: [{ quantity: 1, price_data: { currency: "pounds", unit_amount: 100, product_data: { name: "x" } } }] }, "line_items[0][price_data][currency]"],
    ["setup mode (not implemented)", { mode: "setup" }, "mode"],
    ["subscription mode without a recurring price", { mode: "subscription", payment_intent_data: undefined }, "line_items"],
    ["a missing success_url", { success_url: undefined }, "success_url"],
    ["a metadata key over 40 characters", { metadata: { ["k".repeat(41)]: "v" } }, `metadata[${"k".repeat(41)}]`],
    ["a client_reference_id over 200 characters", { client_reference_id: "r".repeat(201) }, "client_reference_id"],
  ])("refuses %s, naming the param", async (_label, overrides, param) => {
    await expect(stripe.checkout.sessions.create(sessionParams(overrides))).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param });
  });

  it("accepts expires_at only between 30 minutes and 24 hours after creation", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const expiresAt of [now + 29 * 60, now + 25 * 60 * 60]) {
      await expect(stripe.checkout.sessions.create(sessionParams({ expires_at: expiresAt }))).rejects.toMatchObject({
        type: "StripeInvalidRequestError",
        param: "expires_at",
        message: expect.stringContaining("`expires_at`"),
      });
    }
    const session = await stripe.checkout.sessions.create(sessionParams({ expires_at: now + 31 * 60 }));
    expect(session.expires_at).toBe(now + 31 * 60);
  });

  it("replays an idempotent create (same object, marked replayed) and refuses the key with other parameters", async () => {
    const idempotencyKey = `order_123-${Date.now()}`;
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey });
    const again = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey });
    expect(again.id).toBe(first.id);
    expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await sandbox.pay(first.id);
    const replayedAfterPaying = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey });
    expect(replayedAfterPaying).toMatchObject({ id: first.id, status: "open" });
    await expect(stripe.checkout.sessions.create(sessionParams({ client_reference_id: "order_999" }), { idempotencyKey })).rejects.toMatchObject({
      type: "StripeIdempotencyError",
      statusCode: 400,
      message: expect.stringContaining("can only be used with the same parameters they were first used with"),
    });
  });

  it("makes one session for 10 concurrent creates with one idempotency key", async () => {
    const idempotencyKey = `concurrent-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => stripe.checkout.sessions.create(sessionParams(), { idempotencyKey })));
    expect(new Set(results.map((s) => s.id)).size).toBe(1);
    expect(results.filter((s) => s.lastResponse.headers["idempotent-replayed"] !== "true")).toHaveLength(1);
  });

  it("fails the next requests to one path on demand: 500 without running, or running and never answering", async () => {
    const before = sandbox.sessions().length;
    const count = () => sandbox.apiRequests("POST", "/v1/checkout/sessions");
    const requests = count();
    sandbox.failNext({ path: "/v1/checkout/sessions", times: 2, kind: "error" });
    const errorKey = `fault-error-${Date.now()}`;
    for (let n = 0; n < 2; n++) {
      await expect(stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: errorKey })).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 500 });
    }
    expect(sandbox.sessions()).toHaveLength(before);
    // Nothing was kept under the key: the third request runs.
    const made = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: errorKey });
    expect(made.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    expect(count()).toBe(requests + 3);

    sandbox.failNext({ path: "/v1/checkout/sessions", kind: "timeout" });
    const timeoutKey = `fault-timeout-${Date.now()}`;
    const impatient = new Stripe("sk_test_sandbox", { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0, timeout: 300 });
    await expect(impatient.checkout.sessions.create(sessionParams(), { idempotencyKey: timeoutKey })).rejects.toMatchObject({ type: "StripeConnectionError" });
    // It ran: the session exists, and the retry with the same key gets it back.
    expect(sandbox.sessions()).toHaveLength(before + 2);
    const again = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: timeoutKey });
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(again.id).toBe(sandbox.sessions().at(-1)!.id);
    expect(() => sandbox.failNext({ path: "/checkout/sessions", kind: "error" })).toThrow(/API path/);

    sandbox.failNext({ method: "GET", path: `/v1/checkout/sessions/${made.id}`, times: 3, kind: "error" });
    sandbox.clearFaults();
    expect((await stripe.checkout.sessions.retrieve(made.id)).id).toBe(made.id);
  });

  it("refuses a bad API key with 401 and a request without one", async () => {
    const wrong = sdkFor(sandbox.port, "sk_live_realkeyrealkeyrealkey");
    await expect(wrong.checkout.sessions.create(sessionParams())).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
      message: expect.stringContaining("Invalid API Key provided: sk_live_"),
    });
    const response = await fetch(`${sandbox.url}/v1/checkout/sessions/cs_test_x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { type: "invalid_request_error", message: expect.stringContaining("You did not provide an API key") } });
  });

  it("answers unknown routes with a Stripe-shaped 404", async () => {
    const response = await fetch(`${sandbox.url}/v1/customers`, { headers: { authorization: "Bearer sk_test_sandbox" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { type: "invalid_request_error", message: expect.stringContaining("Unrecognized request URL (GET: /v1/customers)") } });
  });
});

describe("Stripe payment sandbox: payments and webhooks", () => {
  it("pay() delivers a checkout.session.completed that constructEvent accepts with the secret and rejects with another", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const event = await sandbox.pay(session.id);
    const delivery = await deliveredEvent("checkout.session.completed", session.id);
    expect(delivery.event.id).toBe(event.id);
    expect(delivery.payload).toBe(JSON.stringify(event, null, 2));

    const verified = stripe.webhooks.constructEvent(delivery.payload, delivery.signature, SECRET);
    expect(verified).toMatchObject({ id: event.id, object: "event", type: "checkout.session.completed", api_version: Stripe.API_VERSION, livemode: false });
    const paid = (verified.data.object as Stripe.Checkout.Session);
    expect(paid).toMatchObject({ id: session.id, status: "complete", payment_status: "paid", customer_details: { email: "patient@example.com" }, metadata: { order_id: "order_123" } });
    expect(paid.payment_intent).toMatch(/^pi_/);
    expect(() => stripe.webhooks.constructEvent(delivery.payload, delivery.signature, "whsec_someoneelsessecret0000")).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: "complete", payment_status: "paid", payment_intent: paid.payment_intent, url: null });
    const intent = await stripe.paymentIntents.retrieve(String(paid.payment_intent));
    expect(intent).toMatchObject({ status: "succeeded", amount: 5000, amount_received: 5000, currency: "gbp", metadata: { order_id: "order_123" } });
    await expect(sandbox.pay(session.id)).rejects.toThrow(/is complete, not open/);
  });

  it("models an async payment: completed unpaid, then async_payment_succeeded or _failed", async () => {
    const settling = await stripe.checkout.sessions.create(sessionParams());
    const completed = await sandbox.pay(settling.id, { paymentStatus: "unpaid" });
    expect(completed.data.object).toMatchObject({ status: "complete", payment_status: "unpaid" });
    const succeeded = await sandbox.settle(settling.id, "succeeded");
    expect(succeeded).toMatchObject({ type: "checkout.session.async_payment_succeeded", data: { object: { payment_status: "paid" } } });

    const failing = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(failing.id, { paymentStatus: "unpaid" });
    await expect(stripe.refunds.create({ payment_intent: sandbox.session(failing.id)?.payment_intent ?? "" })).rejects.toMatchObject({ param: "payment_intent" });
    const failed = await sandbox.settle(failing.id, "failed");
    expect(failed).toMatchObject({ type: "checkout.session.async_payment_failed", data: { object: { payment_status: "unpaid" } } });
    expect(deliveries.map((d) => d.event.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.completed",
      "checkout.session.async_payment_failed",
    ]);
  });

  it("retries a delivery answered 500, logging the failed attempt without the payload", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    let calls = 0;
    answer = () => (++calls === 1 ? 500 : 200);
    const event = await sandbox.pay(session.id);
    expect(deliveries.filter((d) => d.event.id === event.id)).toHaveLength(2);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain(event.id);
    expect(logLines[0]).toContain("checkout.session.completed");
    expect(logLines[0]).toContain("HTTP 500");
    expect(logLines[0]).not.toContain("patient@example.com");
  });

  it("redelivers an event with the same id and body", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const event = await sandbox.expire(session.id);
    await sandbox.redeliver(event.id);
    const sent = deliveries.filter((d) => d.event.id === event.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.payload).toBe(sent[0]?.payload);
    expect(stripe.webhooks.constructEvent(sent[1]?.payload ?? "", sent[1]?.signature ?? "", SECRET).id).toBe(event.id);
  });

  it("refunds a paid session in full, then refuses a second refund as charge_already_refunded", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const paymentIntent = String((await sandbox.pay(session.id)).data.object.payment_intent);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent, amount: 6000 })).rejects.toMatchObject({ param: "amount" });
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, reason: "requested_by_customer", metadata: { order_id: "order_123" } });
    expect(refund).toMatchObject({ object: "refund", amount: 5000, currency: "gbp", payment_intent: paymentIntent, status: "succeeded", reason: "requested_by_customer", metadata: { order_id: "order_123" } });
    expect(refund.id).toMatch(/^re_/);
    expect((await stripe.refunds.retrieve(refund.id)).amount).toBe(5000);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "charge_already_refunded",
      message: expect.stringMatching(/^Charge ch_\w+ has already been refunded\.$/),
    });
    await expect(stripe.refunds.create({ payment_intent: "pi_unknown" })).rejects.toMatchObject({ code: "resource_missing", param: "payment_intent" });
    expect(sandbox.refunds().filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it("expires a session that is still open at expires_at and delivers checkout.session.expired", async () => {
    let clock = Date.now();
    const timed: SandboxDelivery[] = [];
    const timedSandbox = await startStripeSandbox({
      webhookSecret: SECRET,
      now: () => clock,
      sweepIntervalMs: 10,
      deliver: async (delivery) => {
        timed.push(delivery);
        return { status: 200 };
      },
    });
    try {
      const timedStripe = sdkFor(timedSandbox.port);
      const session = await timedStripe.checkout.sessions.create(sessionParams({ expires_at: Math.floor(clock / 1000) + 31 * 60 }));
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(timed).toHaveLength(0);
      clock += 31 * 60 * 1000;
      const { event } = await deliveredEvent("checkout.session.expired", session.id, () => timed);
      expect(event.data.object).toMatchObject({ status: "expired", url: null });
      expect((await timedStripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
    } finally {
      await timedSandbox.close();
    }
  });
});

describe("Stripe payment sandbox: hosted checkout page", () => {
  it("renders the order, total and test card, under a strict CSP", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await fetch(String(session.url));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain("Test payment sandbox — no real money is taken");
    expect(html).toContain("Finasteride 1 mg");
    expect(html).toContain("£50.00");
    expect(html).toContain("patient@example.com");
    expect(html).toMatch(/<label for="card">Card number<\/label>\s*<input id="card"[^>]*value="4242 4242 4242 4242"/);
    expect(html).toContain(">Pay £50.00</button>");
    expect(html).toContain(">Cancel and return</button>");
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });

  it("declines the 0002 card with 402 and leaves the session open", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await postPage(String(session.url), { action: "pay", card: "4000 0000 0000 0002" });
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('role="alert" id="payment-error">Your card was declined.</p>');
    expect(sandbox.session(session.id)?.status).toBe("open");
    expect(deliveries).toHaveLength(0);
  });

  it("pays: 303 to the success URL with the session id, and delivers checkout.session.completed", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await postPage(String(session.url), { action: "pay", card: "4242 4242 4242 4242" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://127.0.0.1:3000/checkout/success?session_id=${session.id}`);
    const { event } = await deliveredEvent("checkout.session.completed", session.id);
    expect(event.data.object).toMatchObject({ status: "complete", payment_status: "paid" });
    const after = await fetch(`${sandbox.url}/pay/${session.id}`);
    expect(await after.text()).toContain("This checkout session is complete.");
  });

  it("cancels: 303 to cancel_url, the session stays open", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await postPage(String(session.url), { action: "cancel" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(CANCEL_URL);
    expect(sandbox.session(session.id)?.status).toBe("open");
  });

  it("says so for an expired session, linking back to the shop", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.expire(session.id);
    const html = await (await fetch(`${sandbox.url}/pay/${session.id}`)).text();
    expect(html).toContain("This checkout session has expired.");
    expect(html).toContain(`href="${CANCEL_URL}"`);
  });
});

describe("the payment sandbox's billing, through the Stripe SDK", () => {
  it("sells a recurring price in a subscription-mode session, bills each period, voids a paused one and ends a cancelled one", async () => {
    const lookupKey = `test-plan-${Date.now()}`;
    const price = await stripe.prices.create({ currency: "gbp", unit_amount: 2999, recurring: { interval: "month", interval_count: 1 }, product_data: { name: "Plan" }, lookup_key: lookupKey });
    expect((await stripe.prices.list({ lookup_keys: [lookupKey], active: true })).data.map((p) => p.id)).toEqual([price.id]);
    await expect(stripe.prices.create({ currency: "gbp", unit_amount: 1, recurring: { interval: "month" }, product_data: { name: "x" }, lookup_key: lookupKey })).rejects.toMatchObject({ code: "lookup_key_already_exists" });
    await expect(stripe.checkout.sessions.create(sessionParams({ line_items: [{ price: price.id, quantity: 1 }] }))).rejects.toMatchObject({ param: "line_items[0][price]" });

    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: "billing@example.com",
      subscription_data: { metadata: { plan_id: "p" } },
      shipping_address_collection: { allowed_countries: ["GB"] },
      success_url: "http://127.0.0.1/done?session_id={CHECKOUT_SESSION_ID}",
    });
    expect(session).toMatchObject({ mode: "subscription", amount_total: 2999, subscription: null });
    await sandbox.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = await stripe.subscriptions.retrieve(paid.subscription as string);
    expect(subscription).toMatchObject({ status: "active", metadata: { plan_id: "p" }, cancel_at_period_end: false });
    expect(paid.collected_information?.shipping_details?.address.country).toBe("GB");
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 2999, billing_reason: "subscription_create" });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.id! })).data;
    expect(payment?.payment.payment_intent).toMatch(/^pi_/);

    const item = subscription.items.data[0]!;
    const renewed = await sandbox.renew(subscription.id);
    expect(renewed.map((event) => event.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]!.current_period_start).toBe(item.current_period_end);

    await stripe.subscriptions.update(subscription.id, { pause_collection: { behavior: "void" } });
    expect((await sandbox.renew(subscription.id)).map((event) => event.type)).toEqual(["invoice.voided", "customer.subscription.updated"]);
    await stripe.subscriptions.update(subscription.id, { pause_collection: "" });
    expect((await sandbox.renew(subscription.id, { outcome: "failed" })).map((event) => event.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    const cancelled = await stripe.subscriptions.cancel(subscription.id);
    expect(cancelled.status).toBe("canceled");
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
  });
});
