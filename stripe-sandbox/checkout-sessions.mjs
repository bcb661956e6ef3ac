// POST /v1/checkout/sessions: validates Stripe's parameters (the subset the app uses; others
// Stripe knows are accepted without effect, unknown ones refused as Stripe refuses them) and
// builds the Checkout Session object in Stripe's wire format.
import { invalid, missing, noSuch, StripeApiError } from "./errors.mjs";
import { readInteger, readList, readMetadata, readObject, readString, readUrl, rejectUnknown } from "./params.mjs";
import { formatMoney, randomId } from "./util.mjs";

/** @typedef {import("./form.mjs").FormObject} FormObject */

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const MAX_AMOUNT = 99_999_999;
/** Stripe's minimum charge per currency (minor units); others are not checked. */
const MINIMUM_CHARGE = { gbp: 30, eur: 50, usd: 50 };

const SUPPORTED = ["mode", "line_items", "success_url", "cancel_url", "customer", "customer_email", "client_reference_id", "metadata", "payment_method_types", "allowed_payment_method_types", "expires_at", "payment_intent_data", "subscription_data", "shipping_address_collection", "ui_mode"];
/** Stripe parameters that change nothing the sandbox models (presentation, tax, collection). */
const ACCEPTED_WITHOUT_EFFECT = ["locale", "submit_type", "billing_address_collection", "allow_promotion_codes", "customer_creation", "phone_number_collection", "custom_text", "consent_collection", "invoice_creation", "automatic_tax", "tax_id_collection", "currency", "payment_method_options", "excluded_payment_method_types", "branding_settings", "name_collection"];
const PAYMENT_INTENT_DATA = ["metadata", "description", "receipt_email", "statement_descriptor", "statement_descriptor_suffix", "capture_method", "setup_future_usage"];

/**
 * @typedef {{ name: string, description: string | null, currency: string, unit_amount: number, quantity: number, price: string | null, recurring: { interval: string, interval_count: number } | null }} SandboxLineItem
 * @typedef {import("./server.mjs").SandboxCheckoutSession} CheckoutSession
 * @typedef {{ session: CheckoutSession, lineItems: SandboxLineItem[], paymentIntentMetadata: Record<string, string>, paymentIntentDescription: string | null, subscriptionMetadata: Record<string, string> }} SessionRecord
 * @typedef {{ id: string, currency: string, unit_amount: number, active: boolean, recurring: { interval: string, interval_count: number } | null, product_name: string }} PriceForCheckout
 */

/**
 * @param {FormObject} params
 * @param {{ nowMs: number, publicUrl: string, findPrice: (id: string) => PriceForCheckout | undefined, customerExists: (id: string) => boolean }} context
 * @returns {SessionRecord}
 */
export function createCheckoutSession(params, { nowMs, publicUrl, findPrice, customerExists }) {
  rejectUnknown(params, [...SUPPORTED, ...ACCEPTED_WITHOUT_EFFECT]);
  const mode = readString(params.mode, "mode", { required: true });
  if (!["payment", "setup", "subscription"].includes(String(mode))) {
    throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, "mode");
  }
  if (mode === "setup") {
    throw invalid(`The payment sandbox supports mode=payment and mode=subscription; mode=setup is not implemented.`, "mode");
  }
  const subscriptionMode = mode === "subscription";
  if (subscriptionMode && params.payment_intent_data !== undefined) {
    throw invalid("You can not pass `payment_intent_data` in `subscription` mode.", "payment_intent_data");
  }
  if (!subscriptionMode && params.subscription_data !== undefined) {
    throw invalid("You can only pass `subscription_data` in `subscription` mode.", "subscription_data");
  }
  const uiMode = readString(params.ui_mode, "ui_mode");
  if (uiMode !== undefined && !["hosted", "hosted_page"].includes(uiMode)) {
    throw invalid(`The payment sandbox supports only the hosted page (ui_mode=hosted_page), not ui_mode=${uiMode}.`, "ui_mode");
  }
  const created = Math.floor(nowMs / 1000);
  const lineItems = readLineItems(params.line_items, { findPrice, subscriptionMode });
  const currency = /** @type {string} */ (lineItems[0]?.currency);
  const amount = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  checkAmount(amount, currency);
  const clientReferenceId = readString(params.client_reference_id, "client_reference_id", { max: 200 }) ?? null;
  const customerEmail = readEmail(params.customer_email, "customer_email");
  const customer = readString(params.customer, "customer") ?? null;
  if (customer !== null && !customerExists(customer)) throw noSuch("customer", customer, "customer");
  if (customer !== null && customerEmail !== null) throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  const subscriptionData = readObject(params.subscription_data, "subscription_data") ?? {};
  rejectUnknown(subscriptionData, ["metadata", "description"], "subscription_data");
  const shipping = readShippingCollection(params.shipping_address_collection);
  const paymentIntentData = readPaymentIntentData(params.payment_intent_data);
  const methodsParam = params.allowed_payment_method_types !== undefined ? "allowed_payment_method_types" : "payment_method_types";
  const methods = readMethodTypes(params[methodsParam], methodsParam);
  const id = randomId("cs_test_", 58);

  /** @type {CheckoutSession} */
  const session = {
    id,
    object: "checkout.session",
    allowed_payment_method_types: methodsParam === "allowed_payment_method_types" ? methods ?? null : null,
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: readUrl(params.cancel_url, "cancel_url") ?? null,
    client_reference_id: clientReferenceId,
    created,
    currency,
    collected_information: null,
    customer,
    customer_details: null,
    customer_email: customerEmail,
    expires_at: readExpiresAt(params.expires_at, created),
    invoice: null,
    livemode: false,
    locale: null,
    metadata: readMetadata(params.metadata, "metadata"),
    mode: subscriptionMode ? "subscription" : "payment",
    payment_intent: null,
    payment_link: null,
    payment_method_types: methods?.length ? methods : ["card"],
    payment_status: "unpaid",
    setup_intent: null,
    shipping_address_collection: shipping,
    status: "open",
    subscription: null,
    success_url: /** @type {string} */ (readUrl(params.success_url, "success_url", { required: true })),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: `${publicUrl}/pay/${id}`,
  };
  return {
    session,
    lineItems,
    paymentIntentMetadata: paymentIntentData.metadata,
    paymentIntentDescription: paymentIntentData.description,
    subscriptionMetadata: readMetadata(subscriptionData.metadata, "subscription_data[metadata]"),
  };
}

/**
 * @param {import("./form.mjs").FormValue | undefined} value
 * @returns {{ allowed_countries: string[] } | null}
 */
function readShippingCollection(value) {
  const collection = readObject(value, "shipping_address_collection");
  if (!collection) return null;
  rejectUnknown(collection, ["allowed_countries"], "shipping_address_collection");
  const countries = readList(collection.allowed_countries, "shipping_address_collection[allowed_countries]") ?? [];
  if (!countries.length) throw missing("shipping_address_collection[allowed_countries]");
  return {
    allowed_countries: countries.map((country, i) => {
      const code = readString(country, `shipping_address_collection[allowed_countries][${i}]`, { required: true }) ?? "";
      if (!/^[A-Z]{2}$/.test(code)) throw invalid(`Invalid shipping_address_collection[allowed_countries][${i}]: ${code}`, `shipping_address_collection[allowed_countries][${i}]`);
      return code;
    }),
  };
}

/**
 * GET /v1/checkout/sessions/:id/line_items, as a Stripe list.
 * @param {SessionRecord} record
 */
export function listLineItems(record) {
  const data = record.lineItems.map((item, i) => ({
    id: `li_${record.session.id.slice(8, 30)}${i}`,
    object: "item",
    amount_discount: 0,
    amount_subtotal: item.unit_amount * item.quantity,
    amount_tax: 0,
    amount_total: item.unit_amount * item.quantity,
    currency: item.currency,
    description: item.name,
    price: item.price
      ? { id: item.price, object: "price", currency: item.currency, unit_amount: item.unit_amount, type: "recurring", recurring: item.recurring }
      : { object: "price", currency: item.currency, unit_amount: item.unit_amount, type: "one_time", product: { name: item.name, description: item.description } },
    quantity: item.quantity,
  }));
  return { object: "list", data, has_more: false, url: `/v1/checkout/sessions/${record.session.id}/line_items` };
}

/**
 * @param {import("./form.mjs").FormValue | undefined} value
 * @param {{ findPrice: (id: string) => PriceForCheckout | undefined, subscriptionMode: boolean }} context
 * @returns {SandboxLineItem[]}
 */
function readLineItems(value, context) {
  const list = readList(value, "line_items");
  if (!list?.length) throw missing("line_items");
  const items = list.map((raw, i) => readLineItem(raw, `line_items[${i}]`, context));
  if (context.subscriptionMode && !items.some((item) => item.recurring)) {
    throw invalid("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
  }
  if (context.subscriptionMode && items.length > 1) {
    throw invalid("The payment sandbox supports one line item in `subscription` mode.", "line_items");
  }
  items.forEach((item, i) => {
    if (item.currency !== items[0]?.currency) {
      throw invalid(`All line items must use the same currency; line_items[0] is ${items[0]?.currency} and line_items[${i}] is ${item.currency}.`, `line_items[${i}][price_data][currency]`);
    }
  });
  return items;
}

/**
 * @param {import("./form.mjs").FormValue} raw
 * @param {string} param
 * @param {{ findPrice: (id: string) => PriceForCheckout | undefined, subscriptionMode: boolean }} context
 * @returns {SandboxLineItem}
 */
function readLineItem(raw, param, { findPrice, subscriptionMode }) {
  const item = readObject(raw, param);
  if (!item) throw missing(`${param}[price_data]`);
  if (item.price !== undefined) {
    rejectUnknown(item, ["price", "quantity", "metadata"], param);
    const priceId = readString(item.price, `${param}[price]`, { required: true }) ?? "";
    const price = findPrice(priceId);
    if (!price) throw noSuch("price", priceId, `${param}[price]`);
    if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, `${param}[price]`);
    if (price.recurring && !subscriptionMode) {
      throw invalid("You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.", `${param}[price]`);
    }
    return {
      name: price.product_name,
      description: null,
      currency: price.currency,
      unit_amount: price.unit_amount,
      quantity: readInteger(item.quantity, `${param}[quantity]`, { required: true, min: 1, max: 999_999 }) ?? 1,
      price: price.id,
      recurring: price.recurring,
    };
  }
  rejectUnknown(item, ["price_data", "quantity", "metadata"], param);
  const priceParam = `${param}[price_data]`;
  const price = readObject(item.price_data, priceParam);
  if (!price) throw missing(priceParam);
  if (price.recurring !== undefined) throw invalid("You must be in subscription mode to specify a recurring price.", `${priceParam}[recurring]`);
  if (price.product !== undefined) {
    throw invalid(`The payment sandbox supports ${priceParam}[product_data] only; product ids are not implemented.`, `${priceParam}[product]`);
  }
  rejectUnknown(price, ["currency", "unit_amount", "product_data", "tax_behavior"], priceParam);
  const currency = readString(price.currency, `${priceParam}[currency]`, { required: true }) ?? "";
  if (!/^[a-zA-Z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}. Use a three-letter ISO code such as gbp.`, `${priceParam}[currency]`);
  const unitAmount = readInteger(price.unit_amount, `${priceParam}[unit_amount]`, { required: true, min: 1, max: MAX_AMOUNT }) ?? 0;
  const productParam = `${priceParam}[product_data]`;
  const product = readObject(price.product_data, productParam);
  if (!product) throw missing(`${productParam}[name]`);
  rejectUnknown(product, ["name", "description", "images", "metadata", "tax_code"], productParam);
  readMetadata(product.metadata, `${productParam}[metadata]`);
  readMetadata(item.metadata, `${param}[metadata]`);
  return {
    name: readString(product.name, `${productParam}[name]`, { required: true }) ?? "",
    description: readString(product.description, `${productParam}[description]`) ?? null,
    currency: currency.toLowerCase(),
    unit_amount: unitAmount,
    quantity: readInteger(item.quantity, `${param}[quantity]`, { required: true, min: 1, max: 999_999 }) ?? 1,
    price: null,
    recurring: null,
  };
}

/**
 * @param {number} amount
 * @param {string} currency
 */
function checkAmount(amount, currency) {
  const minimum = MINIMUM_CHARGE[/** @type {keyof typeof MINIMUM_CHARGE} */ (currency)];
  if (minimum !== undefined && amount < minimum) {
    throw new StripeApiError(400, { message: `The Checkout Session's total amount due must add up to at least ${formatMoney(minimum, currency)} ${currency}`, code: "amount_too_small" });
  }
  if (amount > MAX_AMOUNT) {
    throw new StripeApiError(400, { message: `The Checkout Session's total amount due must be no more than ${formatMoney(MAX_AMOUNT, currency)} ${currency}`, code: "amount_too_large" });
  }
}

/**
 * Stripe's rule: 30 minutes to 24 hours after creation; default 24 hours.
 * @param {import("./form.mjs").FormValue | undefined} value
 * @param {number} created
 */
function readExpiresAt(value, created) {
  const expiresAt = readInteger(value, "expires_at");
  if (expiresAt === undefined) return created + MAX_EXPIRY_SECONDS;
  if (expiresAt < created + MIN_EXPIRY_SECONDS) {
    throw invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
  }
  if (expiresAt > created + MAX_EXPIRY_SECONDS) {
    throw invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
  }
  return expiresAt;
}

/**
 * @param {import("./form.mjs").FormValue | undefined} value
 * @param {string} param
 */
function readEmail(value, param) {
  const email = readString(value, param, { max: 800 });
  if (email === undefined) return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`Invalid email address: ${email}`, param, "email_invalid");
  return email;
}

/**
 * @param {import("./form.mjs").FormValue | undefined} value
 * @param {string} param
 */
function readMethodTypes(value, param) {
  const list = readList(value, param);
  return list?.map((type, i) => {
    const name = readString(type, `${param}[${i}]`, { required: true }) ?? "";
    if (!/^[a-z_]+$/.test(name)) throw invalid(`Invalid ${param}[${i}]: ${name} is not a payment method type.`, `${param}[${i}]`);
    return name;
  });
}

/** @param {import("./form.mjs").FormValue | undefined} value */
function readPaymentIntentData(value) {
  const data = readObject(value, "payment_intent_data") ?? {};
  rejectUnknown(data, PAYMENT_INTENT_DATA, "payment_intent_data");
  const capture = readString(data.capture_method, "payment_intent_data[capture_method]");
  if (capture !== undefined && capture !== "automatic" && capture !== "automatic_async") {
    throw invalid(`The payment sandbox supports automatic capture only, not capture_method=${capture}.`, "payment_intent_data[capture_method]");
  }
  readEmail(data.receipt_email, "payment_intent_data[receipt_email]");
  return {
    metadata: readMetadata(data.metadata, "payment_intent_data[metadata]"),
    description: readString(data.description, "payment_intent_data[description]", { max: 1000 }) ?? null,
  };
}
