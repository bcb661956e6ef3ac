// Stripe Billing in the sandbox: customers, recurring prices, subscriptions and their
// invoices, in Stripe's wire format (API 2025+: the billing period lives on the subscription
// item, an invoice names its subscription under parent.subscription_details, and its
// payments are listed at /v1/invoice_payments). A subscription starts when a subscription-mode
// checkout session is paid; tests move it to its next period with renew() (paid or failed).
//
// API: POST /v1/customers, GET|POST /v1/customers/:id; POST /v1/prices, GET /v1/prices
// (lookup_keys[], active), GET|POST /v1/prices/:id; GET|POST|DELETE /v1/subscriptions/:id
// (cancel_at_period_end, pause_collection, metadata, billing_cycle_anchor=now: a new period
// charged at once; DELETE cancels now); GET /v1/invoices/:id;
// GET /v1/invoice_payments?invoice=…
import { invalid, noSuch } from "./errors.mjs";
import { readInteger, readList, readMetadata, readObject, readString, rejectUnknown } from "./params.mjs";
import { recordPaymentIntent } from "./refunds.mjs";
import { randomId } from "./util.mjs";

/**
 * @typedef {import("./form.mjs").FormObject} FormObject
 * @typedef {import("./refunds.mjs").PaymentRecord} PaymentRecord
 * @typedef {import("./checkout-sessions.mjs").SessionRecord} SessionRecord
 * @typedef {import("./server.mjs").SandboxShipping} Shipping
 */
/**
 * @template T
 * @typedef {{ object: "list", data: T[], has_more: false, url: string }} List
 */
/**
 * @typedef {{
 *   id: string, object: "customer", created: number, email: string | null, name: string | null, metadata: Record<string, string>,
 *   shipping: Shipping | null,
 *   invoice_settings: { default_payment_method: string | null, custom_fields: null, footer: null, rendering_options: null },
 *   livemode: false, test_clock: null,
 * }} Customer
 */
/** @typedef {{ interval: string, interval_count: number, usage_type: "licensed", meter: null, trial_period_days: null }} Recurring */
/**
 * A price as kept here: the API shows it without product_name (the product's name, for the hosted page).
 * @typedef {{
 *   id: string, object: "price", active: boolean, billing_scheme: "per_unit", created: number, currency: string, livemode: false,
 *   lookup_key: string | null, metadata: Record<string, string>, nickname: string | null, product: string, recurring: Recurring | null,
 *   tax_behavior: "unspecified", type: "recurring" | "one_time", unit_amount: number, product_name: string,
 * }} Price
 */
/** @typedef {Omit<Price, "product_name">} PublicPrice */
/**
 * @typedef {{
 *   id: string, object: "subscription_item", created: number, current_period_start: number, current_period_end: number,
 *   metadata: Record<string, string>, price: PublicPrice & { recurring: Recurring }, quantity: number,
 * }} SubscriptionItem
 */
/**
 * A subscription (the billing period is on its one item).
 * @typedef {{
 *   id: string, object: "subscription", billing_cycle_anchor: number, cancel_at: number | null, cancel_at_period_end: boolean,
 *   canceled_at: number | null, cancellation_details: { comment: null, feedback: null, reason: null },
 *   collection_method: "charge_automatically", created: number, currency: string, customer: string, ended_at: number | null,
 *   items: List<SubscriptionItem>, latest_invoice: string | null, livemode: false, metadata: Record<string, string>,
 *   pause_collection: { behavior: string, resumes_at: number | null } | null, start_date: number,
 *   status: "active" | "past_due" | "canceled",
 * }} Subscription
 */
/**
 * @typedef {{
 *   id: string, object: "line_item", amount: number, currency: string, description: string,
 *   period: { start: number, end: number },
 *   pricing: { type: "price_details", price_details: { price: string, product: string }, unit_amount_decimal: string },
 *   quantity: number,
 * }} InvoiceLine
 */
/**
 * @typedef {{
 *   id: string, object: "invoice", amount_due: number, amount_paid: number, amount_remaining: number, attempt_count: number,
 *   attempted: boolean, billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update",
 *   collection_method: "charge_automatically", created: number, currency: string, customer: string, customer_email: string | null,
 *   hosted_invoice_url: null, lines: List<InvoiceLine>, livemode: false, metadata: Record<string, string>,
 *   next_payment_attempt: number | null,
 *   parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: string, metadata: Record<string, string> } },
 *   period_start: number, period_end: number, status: "draft" | "open" | "paid" | "void",
 *   status_transitions: { finalized_at: number, paid_at: number | null, voided_at: number | null, marked_uncollectible_at: null },
 *   total: number,
 * }} Invoice
 */
/**
 * @typedef {{
 *   id: string, object: "invoice_payment", amount_paid: number, amount_requested: number, created: number, currency: string,
 *   invoice: string, is_default: true, livemode: false, payment: { type: "payment_intent", payment_intent: string },
 *   status: "paid", status_transitions: { canceled_at: null, paid_at: number },
 * }} InvoicePayment
 */
/**
 * server.mjs's emit, for the billing events.
 * @typedef {(type: import("./server.mjs").SandboxBillingEventType, object: Subscription | Invoice, request?: { id: string | null, idempotency_key: string | null }) => { event: import("./server.mjs").SandboxEvent, delivery: Promise<boolean> }} Emit
 */

/** The test payment method whose charges fail (Stripe's pm_card_chargeCustomerFail). */
const FAILING_PAYMENT_METHOD = "pm_card_chargeCustomerFail";
const INTERVALS = ["day", "week", "month", "year"];

/**
 * The end of one billing period that starts at `start` (unix seconds), keeping the anchor
 * day of month (31 Jan + 1 month → 28/29 Feb, as Stripe does).
 * @param {number} start
 * @param {{ interval: string, interval_count: number }} recurring
 */
export function periodEnd(start, { interval, interval_count: count }) {
  const date = new Date(start * 1000);
  if (interval === "day") return start + count * 86_400;
  if (interval === "week") return start + count * 7 * 86_400;
  const months = interval === "year" ? count * 12 : count;
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/**
 * @param {{ emit: Emit, payments: Map<string, PaymentRecord>, seconds: () => number }} context
 */
export function createBilling({ emit, payments, seconds }) {
  /** @type {Map<string, Customer>} */
  const customers = new Map();
  /** @type {Map<string, Price>} */
  const prices = new Map();
  /** @type {Map<string, Subscription>} */
  const subscriptions = new Map();
  /** @type {Map<string, Invoice>} */
  const invoices = new Map();
  /** @type {Map<string, InvoicePayment>} */
  const invoicePayments = new Map();

  /**
   * @template T
   * @param {T[]} data
   * @param {string} url
   * @returns {List<T>}
   */
  const list = (data, url) => ({ object: "list", data, has_more: false, url });

  // ----- Customers ----------------------------------------------------------------------

  /** @param {{ email: string | null, name?: string | null, metadata?: Record<string, string> }} fields */
  function newCustomer({ email, name = null, metadata = {} }) {
    /** @type {Customer} */
    const customer = {
      id: randomId("cus_", 14),
      object: "customer",
      created: seconds(),
      email,
      name,
      metadata,
      shipping: null,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
      livemode: false,
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  /** @param {Customer} customer @param {FormObject} params */
  function updateCustomer(customer, params) {
    rejectUnknown(params, ["email", "name", "metadata", "invoice_settings", "description", "phone", "preferred_locales", "expand"]);
    if (params.email !== undefined) customer.email = readString(params.email, "email") ?? null;
    if (params.name !== undefined) customer.name = readString(params.name, "name") ?? null;
    if (params.metadata !== undefined) customer.metadata = { ...customer.metadata, ...readMetadata(params.metadata, "metadata") };
    const settings = readObject(params.invoice_settings, "invoice_settings");
    if (settings) {
      rejectUnknown(settings, ["default_payment_method"], "invoice_settings");
      customer.invoice_settings.default_payment_method = readString(settings.default_payment_method, "invoice_settings[default_payment_method]") ?? null;
    }
    return customer;
  }

  // ----- Prices -------------------------------------------------------------------------

  /** @param {FormObject} params */
  function createPrice(params) {
    rejectUnknown(params, ["currency", "unit_amount", "recurring", "product_data", "product", "lookup_key", "transfer_lookup_key", "metadata", "nickname", "active", "tax_behavior"]);
    const currency = (readString(params.currency, "currency", { required: true }) ?? "").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, "currency");
    const unitAmount = readInteger(params.unit_amount, "unit_amount", { required: true, min: 0, max: 99_999_999 }) ?? 0;
    const recurringParams = readObject(params.recurring, "recurring");
    /** @type {Recurring | null} */
    let recurring = null;
    if (recurringParams) {
      rejectUnknown(recurringParams, ["interval", "interval_count", "usage_type"], "recurring");
      const interval = readString(recurringParams.interval, "recurring[interval]", { required: true }) ?? "";
      if (!INTERVALS.includes(interval)) throw invalid(`Invalid recurring[interval]: must be one of ${INTERVALS.join(", ")}`, "recurring[interval]");
      recurring = { interval, interval_count: readInteger(recurringParams.interval_count, "recurring[interval_count]", { min: 1, max: 36 }) ?? 1, usage_type: "licensed", meter: null, trial_period_days: null };
    }
    const productData = readObject(params.product_data, "product_data");
    if (!productData && params.product === undefined) throw invalid("You must specify either `product` or `product_data` when creating a price.", "product_data");
    if (params.product !== undefined) throw invalid("The payment sandbox creates prices with product_data only; product ids are not implemented.", "product");
    rejectUnknown(/** @type {FormObject} */ (productData), ["name", "metadata", "statement_descriptor", "tax_code", "unit_label"], "product_data");
    const productName = readString(productData?.name, "product_data[name]", { required: true }) ?? "";
    const lookupKey = readString(params.lookup_key, "lookup_key", { max: 200 }) ?? null;
    if (lookupKey !== null) {
      const holder = [...prices.values()].find((price) => price.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== "true") {
        throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key", "lookup_key_already_exists");
      }
      if (holder) holder.lookup_key = null;
    }
    /** @type {Price} */
    const price = {
      id: randomId("price_"),
      object: "price",
      active: params.active !== "false",
      billing_scheme: "per_unit",
      created: seconds(),
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: readMetadata(params.metadata, "metadata"),
      nickname: readString(params.nickname, "nickname") ?? null,
      product: randomId("prod_", 14),
      recurring,
      tax_behavior: "unspecified",
      type: recurring ? "recurring" : "one_time",
      unit_amount: unitAmount,
      product_name: productName,
    };
    prices.set(price.id, price);
    return price;
  }

  /**
   * The price as the API shows it (the product's name is ours, for the hosted page).
   * @param {Price} price
   * @returns {PublicPrice}
   */
  const publicPrice = (price) => {
    /** @type {PublicPrice & { product_name?: string }} */
    const copy = { ...price };
    delete copy.product_name;
    return copy;
  };

  // ----- Subscriptions and invoices -----------------------------------------------------

  /** @param {string} id */
  function subscriptionOrThrow(id) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw noSuch("subscription", id);
    return subscription;
  }

  /**
   * @param {Subscription} subscription
   * @returns {SubscriptionItem}
   */
  const itemOf = (subscription) => /** @type {SubscriptionItem} */ (subscription.items.data[0]); // made with exactly one

  /**
   * A paid (or failed) charge for an invoice: a payment intent the refunds API can refund.
   * @param {Invoice} invoice
   * @param {boolean} succeeded
   */
  function chargeInvoice(invoice, succeeded) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const intent = recordPaymentIntent(payments, {
      amount: invoice.amount_due,
      received: succeeded,
      currency: invoice.currency,
      status: succeeded ? "succeeded" : "requires_payment_method",
      description: `Subscription ${invoice.parent.subscription_details.subscription}`,
      created: seconds(),
    });
    if (!succeeded) {
      invoice.status = "open";
      invoice.next_payment_attempt = seconds() + 3 * 86_400;
      return;
    }
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = seconds();
    /** @type {InvoicePayment} */
    const payment = {
      id: randomId("inpay_"),
      object: "invoice_payment",
      amount_paid: invoice.amount_due,
      amount_requested: invoice.amount_due,
      created: seconds(),
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: intent.id },
      status: "paid",
      status_transitions: { canceled_at: null, paid_at: seconds() },
    };
    invoicePayments.set(payment.id, payment);
  }

  /**
   * @param {Subscription} subscription
   * @param {Invoice["billing_reason"]} reason
   */
  function newInvoice(subscription, reason) {
    const item = itemOf(subscription);
    const customer = customers.get(subscription.customer);
    const amount = item.price.unit_amount * item.quantity;
    /** @type {Invoice} */
    const invoice = {
      id: randomId("in_"),
      object: "invoice",
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: seconds(),
      currency: item.price.currency,
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      hosted_invoice_url: null,
      lines: list(
        [
          {
            id: randomId("il_"),
            object: "line_item",
            amount,
            currency: item.price.currency,
            description: `${item.quantity} × ${prices.get(item.price.id)?.product_name ?? "Subscription"}`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: String(item.price.unit_amount) },
            quantity: item.quantity,
          },
        ],
        "/v1/invoices/lines",
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status: "draft",
      status_transitions: { finalized_at: seconds(), paid_at: null, voided_at: null, marked_uncollectible_at: null },
      total: amount,
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * What paying a subscription-mode checkout session does: the customer (new unless the
   * session named one), the subscription and its first, paid invoice. Emits
   * customer.subscription.created and invoice.paid; the caller emits checkout.session.completed.
   * @param {SessionRecord} record
   * @param {{ email: string, shipping: Shipping | null }} details
   */
  function startSubscription(record, { email, shipping }) {
    const { session } = record;
    const line = record.lineItems[0];
    const price = prices.get(line?.price ?? "");
    if (!line || !price?.recurring) throw new Error(`Checkout session ${session.id} has no recurring price.`);
    const customer = session.customer ? customers.get(session.customer) : newCustomer({ email, name: shipping?.name ?? null });
    if (!customer) throw new Error(`Checkout session ${session.id} names an unknown customer.`);
    if (shipping) customer.shipping = structuredClone(shipping);
    const start = seconds();
    const { recurring } = price;
    /** @type {Subscription} */
    const subscription = {
      id: randomId("sub_"),
      object: "subscription",
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: start,
      currency: price.currency,
      customer: customer.id,
      ended_at: null,
      items: list(
        [
          {
            id: randomId("si_", 14),
            object: "subscription_item",
            created: start,
            current_period_start: start,
            current_period_end: periodEnd(start, recurring),
            metadata: {},
            price: { ...publicPrice(price), recurring },
            quantity: line.quantity,
          },
        ],
        "/v1/subscription_items",
      ),
      latest_invoice: null,
      livemode: false,
      metadata: { ...record.subscriptionMetadata },
      pause_collection: null,
      start_date: start,
      status: "active",
    };
    subscriptions.set(subscription.id, subscription);
    const invoice = newInvoice(subscription, "subscription_create");
    chargeInvoice(invoice, true);
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    if (shipping) session.collected_information = { shipping_details: structuredClone(shipping) };
    emit("customer.subscription.created", subscription);
    emit("invoice.paid", invoice);
  }

  /**
   * The end of the current period, as Stripe's billing does it: a subscription set to cancel
   * ends; a paused one starts its next period with a voided invoice (until resumes_at);
   * otherwise the next period's invoice is charged, and a failed charge makes it past_due.
   * @param {string} id
   * @param {{ outcome?: "paid" | "failed" }} [options]  default: fails when the customer's payment method does
   */
  function renew(id, { outcome } = {}) {
    const subscription = subscriptionOrThrow(id);
    const item = itemOf(subscription);
    /** @type {ReturnType<Emit>[]} */
    const emitted = [];
    /** @param {Parameters<Emit>[0]} type @param {Subscription | Invoice} object */
    const push = (type, object) => emitted.push(emit(type, object));
    if (subscription.status === "canceled") throw new Error(`Subscription ${id} has ended.`);
    const end = item.current_period_end;
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: "canceled", ended_at: end, canceled_at: subscription.canceled_at ?? end });
      push("customer.subscription.deleted", subscription);
      return emitted;
    }
    item.current_period_start = end;
    item.current_period_end = periodEnd(end, item.price.recurring);
    const pause = subscription.pause_collection;
    if (pause && pause.resumes_at !== null && pause.resumes_at <= end) subscription.pause_collection = null;
    const invoice = newInvoice(subscription, "subscription_cycle");
    if (subscription.pause_collection) {
      invoice.status = "void";
      invoice.status_transitions.voided_at = seconds();
      push("invoice.voided", invoice);
      push("customer.subscription.updated", subscription);
      return emitted;
    }
    const failing = customers.get(subscription.customer)?.invoice_settings.default_payment_method === FAILING_PAYMENT_METHOD;
    const succeeded = outcome ? outcome === "paid" : !failing;
    chargeInvoice(invoice, succeeded);
    subscription.status = succeeded ? "active" : "past_due";
    push(succeeded ? "invoice.paid" : "invoice.payment_failed", invoice);
    push("customer.subscription.updated", subscription);
    return emitted;
  }

  /** @param {Subscription} subscription @param {FormObject} params */
  function updateSubscription(subscription, params) {
    rejectUnknown(params, ["cancel_at_period_end", "pause_collection", "metadata", "proration_behavior", "billing_cycle_anchor", "expand"]);
    if (subscription.status === "canceled") {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.", "cancel_at_period_end");
    }
    if (params.cancel_at_period_end !== undefined) {
      const value = readString(params.cancel_at_period_end, "cancel_at_period_end");
      if (value !== "true" && value !== "false") throw invalid("Invalid boolean: cancel_at_period_end", "cancel_at_period_end");
      subscription.cancel_at_period_end = value === "true";
      subscription.cancel_at = value === "true" ? itemOf(subscription).current_period_end : null;
      subscription.canceled_at = value === "true" ? seconds() : null;
    }
    if (params.pause_collection !== undefined) {
      if (params.pause_collection === "") {
        subscription.pause_collection = null;
      } else {
        const pause = readObject(params.pause_collection, "pause_collection") ?? {};
        rejectUnknown(pause, ["behavior", "resumes_at"], "pause_collection");
        const behavior = readString(pause.behavior, "pause_collection[behavior]", { required: true }) ?? "";
        if (!["void", "keep_as_draft", "mark_uncollectible"].includes(behavior)) {
          throw invalid("Invalid pause_collection[behavior]: must be one of keep_as_draft, mark_uncollectible, or void", "pause_collection[behavior]");
        }
        const resumesAt = readInteger(pause.resumes_at, "pause_collection[resumes_at]") ?? null;
        if (resumesAt !== null && resumesAt <= seconds()) throw invalid("pause_collection[resumes_at] must be in the future.", "pause_collection[resumes_at]");
        subscription.pause_collection = { behavior, resumes_at: resumesAt };
      }
    }
    if (params.metadata !== undefined) subscription.metadata = { ...subscription.metadata, ...readMetadata(params.metadata, "metadata") };
    if (params.billing_cycle_anchor !== undefined) restartPeriodNow(subscription, params);
    return subscription;
  }

  /**
   * billing_cycle_anchor=now (with proration_behavior=none): a new period starts at once and
   * its invoice is charged now, as Stripe does (billing_reason subscription_update); a paused
   * collection voids it instead. Emits invoice.paid / invoice.payment_failed / invoice.voided;
   * the caller emits customer.subscription.updated.
   * @param {Subscription} subscription @param {FormObject} params
   */
  function restartPeriodNow(subscription, params) {
    if (readString(params.billing_cycle_anchor, "billing_cycle_anchor") !== "now") {
      throw invalid("Invalid billing_cycle_anchor: the sandbox supports only now", "billing_cycle_anchor");
    }
    const proration = readString(params.proration_behavior, "proration_behavior");
    if (proration !== "none") throw invalid("The sandbox resets the billing cycle only with proration_behavior=none.", "proration_behavior");
    const item = itemOf(subscription);
    const now = seconds();
    item.current_period_start = now;
    item.current_period_end = periodEnd(now, item.price.recurring);
    subscription.billing_cycle_anchor = now;
    const invoice = newInvoice(subscription, "subscription_update");
    if (subscription.pause_collection) {
      invoice.status = "void";
      invoice.status_transitions.voided_at = now;
      emit("invoice.voided", invoice);
      return;
    }
    const succeeded = customers.get(subscription.customer)?.invoice_settings.default_payment_method !== FAILING_PAYMENT_METHOD;
    chargeInvoice(invoice, succeeded);
    subscription.status = succeeded ? "active" : "past_due";
    emit(succeeded ? "invoice.paid" : "invoice.payment_failed", invoice);
  }

  // ----- API ----------------------------------------------------------------------------

  /**
   * @param {string} method
   * @param {string} path
   * @param {FormObject} params
   * @param {{ requestId: string, idempotencyKey: string | null }} request
   * @returns {object | undefined}  undefined: not a billing path
   */
  function route(method, path, params, { requestId, idempotencyKey }) {
    const match = (/** @type {string} */ verb, /** @type {RegExp} */ pattern) => (method === verb ? pattern.exec(path)?.[1] : undefined);
    const source = { id: requestId, idempotency_key: idempotencyKey };
    let id;
    if (method === "POST" && path === "/customers") {
      rejectUnknown(params, ["email", "name", "metadata", "description", "phone", "preferred_locales", "expand"]);
      return newCustomer({ email: readString(params.email, "email") ?? null, name: readString(params.name, "name") ?? null, metadata: readMetadata(params.metadata, "metadata") });
    }
    if ((id = match("GET", /^\/customers\/([^/]+)$/))) return customerOrThrow(id);
    if ((id = match("POST", /^\/customers\/([^/]+)$/))) return updateCustomer(customerOrThrow(id), params);
    if (method === "POST" && path === "/prices") return publicPrice(createPrice(params));
    if (method === "GET" && path === "/prices") {
      rejectUnknown(params, ["lookup_keys", "active", "limit", "type", "expand"]);
      const keys = readList(params.lookup_keys, "lookup_keys")?.map((key, i) => readString(key, `lookup_keys[${i}]`, { required: true }));
      const active = params.active === undefined ? undefined : params.active === "true";
      const limit = readInteger(params.limit, "limit", { min: 1, max: 100 }) ?? 10;
      const found = [...prices.values()]
        .filter((price) => (!keys || (price.lookup_key !== null && keys.includes(price.lookup_key))) && (active === undefined || price.active === active))
        .reverse()
        .slice(0, limit);
      return list(found.map(publicPrice), "/v1/prices");
    }
    if ((id = match("GET", /^\/prices\/([^/]+)$/))) return publicPrice(priceOrThrow(id));
    if ((id = match("POST", /^\/prices\/([^/]+)$/))) {
      rejectUnknown(params, ["active", "metadata", "nickname"]);
      const price = priceOrThrow(id);
      if (params.active !== undefined) price.active = params.active === "true";
      if (params.metadata !== undefined) price.metadata = { ...price.metadata, ...readMetadata(params.metadata, "metadata") };
      return publicPrice(price);
    }
    if ((id = match("GET", /^\/subscriptions\/([^/]+)$/))) return subscriptionOrThrow(id);
    if ((id = match("POST", /^\/subscriptions\/([^/]+)$/))) {
      const subscription = updateSubscription(subscriptionOrThrow(id), params);
      emit("customer.subscription.updated", subscription, source);
      return subscription;
    }
    if ((id = match("DELETE", /^\/subscriptions\/([^/]+)$/))) {
      rejectUnknown(params, ["invoice_now", "prorate", "cancellation_details", "expand"]);
      const subscription = subscriptionOrThrow(id);
      if (subscription.status === "canceled") throw invalid(`No such subscription: '${id}' (it is canceled).`, "id", "resource_missing");
      Object.assign(subscription, { status: "canceled", canceled_at: seconds(), ended_at: seconds(), cancel_at_period_end: false });
      emit("customer.subscription.deleted", subscription, source);
      return subscription;
    }
    if ((id = match("GET", /^\/invoices\/([^/]+)$/))) {
      const invoice = invoices.get(id);
      if (!invoice) throw noSuch("invoice", id);
      return invoice;
    }
    if (method === "GET" && path === "/invoice_payments") {
      rejectUnknown(params, ["invoice", "limit", "status", "expand"]);
      const invoiceId = readString(params.invoice, "invoice");
      return list([...invoicePayments.values()].filter((payment) => !invoiceId || payment.invoice === invoiceId), "/v1/invoice_payments");
    }
    return undefined;
  }

  /** @param {string} id */
  function customerOrThrow(id) {
    const customer = customers.get(id);
    if (!customer) throw noSuch("customer", id);
    return customer;
  }

  /** @param {string} id */
  function priceOrThrow(id) {
    const price = prices.get(id);
    if (!price) throw noSuch("price", id);
    return price;
  }

  return {
    route,
    startSubscription,
    renew,
    /** For checkout sessions: a price by id, with its product's name. @param {string} id */
    findPrice: (id) => {
      const price = prices.get(id);
      return price ? { id: price.id, currency: price.currency, unit_amount: price.unit_amount, active: price.active, recurring: price.recurring, product_name: price.product_name } : undefined;
    },
    customerExists: (/** @type {string} */ id) => customers.has(id),
    /** @param {string} id */
    subscription: (id) => (subscriptions.has(id) ? structuredClone(subscriptions.get(id)) : undefined),
    /** @param {string} id @param {string | null} paymentMethod */
    setPaymentMethod(id, paymentMethod) {
      customerOrThrow(id).invoice_settings.default_payment_method = paymentMethod;
    },
  };
}
