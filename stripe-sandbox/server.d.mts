// Types for server.mjs (plain ESM, no build step), so TypeScript tests can import
// "@/stripe-sandbox/server.mjs". Objects are in Stripe's wire format (a subset).

export type SandboxSessionStatus = "open" | "complete" | "expired";

export interface SandboxCheckoutSession {
  id: string;
  object: "checkout.session";
  allowed_payment_method_types: string[] | null;
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  /** The delivery address, once paid, when the session collected one. */
  collected_information: { shipping_details: SandboxShipping } | null;
  /** cus_…: the customer named at creation, or (subscription mode) the one created on payment. */
  customer: string | null;
  /** Null until paid. */
  customer_details: { email: string; name: null; phone: null; address: null } | null;
  customer_email: string | null;
  expires_at: number;
  /** Subscription mode: the first invoice, once paid. */
  invoice: string | null;
  livemode: false;
  locale: null;
  metadata: Record<string, string>;
  mode: "payment" | "subscription";
  /** A pi_… id once paid (also while an async payment is settling). */
  payment_intent: string | null;
  payment_link: null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  setup_intent: null;
  shipping_address_collection: { allowed_countries: string[] } | null;
  status: SandboxSessionStatus;
  /** Subscription mode: sub_…, once paid. */
  subscription: string | null;
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted_page";
  /** The hosted page, `${publicUrl}/pay/${id}`; null once the session is complete or expired (as at Stripe). */
  url: string | null;
}

export type SandboxCheckoutEventType =
  | "checkout.session.completed"
  | "checkout.session.expired"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed";

export type SandboxBillingEventType =
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted"
  | "invoice.paid"
  | "invoice.payment_failed"
  | "invoice.voided";

export type SandboxIdentityEventType = "identity.verification_session.verified" | "identity.verification_session.requires_input" | "identity.verification_session.canceled";

export type SandboxEventType = SandboxCheckoutEventType | "charge.refunded" | SandboxBillingEventType | SandboxIdentityEventType;

/** A Stripe Identity VerificationSession (type document), in Stripe's wire format. */
export interface SandboxVerificationSession {
  id: string;
  object: "identity.verification_session";
  client_reference_id: string | null;
  client_secret: string;
  created: number;
  /** Why the last attempt was not accepted (document_unverified_other); null once verified. */
  last_error: { code: string; reason: string } | null;
  /** vr_… after an attempt (expand[]=last_verification_report gives the report, with document.number). */
  last_verification_report: string | Record<string, unknown> | null;
  livemode: false;
  metadata: Record<string, string>;
  options: { document: { allowed_types?: string[] } };
  redaction: null;
  status: "requires_input" | "verified" | "canceled";
  type: "document";
  /** The hosted test page, `${publicUrl}/verify/${id}`, while input is awaited; null afterwards. */
  url: string | null;
}

export interface SandboxShipping {
  name: string;
  address: { line1: string; line2: string | null; city: string; postal_code: string; country: string; state: null };
}

/** A subscription in Stripe's wire format (the fields the app reads; the period is on the item). */
export interface SandboxSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  latest_invoice: string | null;
  items: { object: "list"; data: Array<{ id: string; current_period_start: number; current_period_end: number; quantity: number; price: { id: string; unit_amount: number; currency: string; recurring: { interval: string; interval_count: number } } }> };
}

/** The charge of a paid session's payment intent, as charge.* events carry it. */
export interface SandboxCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  /** The total refunded so far (refunds may be partial). */
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  paid: true;
  /** True once the whole amount is refunded. */
  refunded: boolean;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface SandboxEventBase {
  id: string;
  object: "event";
  /** The stripe package's pinned API version (Stripe.API_VERSION). */
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused it (an expire or refund call); nulls otherwise. */
  request: { id: string | null; idempotency_key: string | null };
}

export interface SandboxCheckoutEvent extends SandboxEventBase {
  type: SandboxCheckoutEventType;
  data: { object: SandboxCheckoutSession };
}

/** Sent for every refund, full or partial (charge.refunded, as at Stripe). */
export interface SandboxChargeEvent extends SandboxEventBase {
  type: "charge.refunded";
  data: { object: SandboxCharge };
}

/** customer.subscription.* and invoice.* events (data.object: a subscription or an invoice). */
export interface SandboxBillingEvent extends SandboxEventBase {
  type: SandboxBillingEventType;
  data: { object: Record<string, unknown> & { id: string; object: string } };
}

/** identity.verification_session.* (data.object: the session, verified_outputs never included, as at Stripe). */
export interface SandboxIdentityEvent extends SandboxEventBase {
  type: SandboxIdentityEventType;
  data: { object: SandboxVerificationSession };
}

export type SandboxEvent = SandboxCheckoutEvent | SandboxChargeEvent | SandboxBillingEvent | SandboxIdentityEvent;

export interface SandboxRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface SandboxDelivery {
  /** The exact raw body (JSON text). */
  payload: string;
  /** The `Stripe-Signature` header value. */
  signature: string;
  event: SandboxEvent;
}

export interface StripeSandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Base URL browsers use for the hosted page; default `http://${host}:${port}`. */
  publicUrl?: string;
  /** whsec_… used to sign events. */
  webhookSecret: string;
  /** POST events here (JSON body, `Stripe-Signature` header)… */
  webhookUrl?: string;
  /** …or hand them to this function instead (integration tests calling the route handler). A non-2xx status or a throw is retried. */
  deliver?: (delivery: SandboxDelivery) => Promise<{ status: number }>;
  /** Clock (ms) for created/expires_at and time-based expiry. Signatures use the real clock, as the receiver verifies against it. */
  now?: () => number;
  /** How often open sessions are checked against expires_at (default 1000 ms). */
  sweepIntervalMs?: number;
  /** Waits before each retry of a failed delivery (default [200, 1000, 3000]: four attempts). */
  retryDelaysMs?: number[];
  /** One line per failed delivery attempt (ids, type, status; never the payload). Default console.warn. */
  log?: (line: string) => void;
}

export interface StripeSandbox {
  /** API base, e.g. http://127.0.0.1:54321 */
  url: string;
  port: number;
  /** Stops timers and deliveries under way, closes the server and its connections. */
  close(): Promise<void>;
  /** Pays an open session as the hosted page's Pay button does and resolves with the event after its delivery was attempted (retries included). "unpaid" models an async method still settling. Throws when the session is not open. */
  pay(sessionId: string, options?: { paymentStatus?: "paid" | "unpaid"; email?: string }): Promise<SandboxCheckoutEvent>;
  /** Settles a session paid with { paymentStatus: "unpaid" }: delivers checkout.session.async_payment_succeeded or …_failed. */
  settle(sessionId: string, outcome: "succeeded" | "failed"): Promise<SandboxCheckoutEvent>;
  /**
   * Ends a subscription's current period as Stripe's billing would, and resolves once the
   * events were delivered: cancel_at_period_end → canceled (customer.subscription.deleted);
   * paused → next period with a voided invoice; otherwise the next invoice is charged
   * (invoice.paid, or with outcome "failed", or a customer whose payment method is
   * pm_card_chargeCustomerFail, invoice.payment_failed and past_due) and the subscription updated.
   */
  renew(subscriptionId: string, options?: { outcome?: "paid" | "failed" }): Promise<SandboxEvent[]>;
  subscription(subscriptionId: string): SandboxSubscription | undefined;
  /** Sets a customer's default payment method; "pm_card_chargeCustomerFail" makes later charges fail. */
  setPaymentMethod(customerId: string, paymentMethod: string | null): void;
  /** Expires an open session now and delivers checkout.session.expired. */
  expire(sessionId: string): Promise<SandboxCheckoutEvent>;
  /** Re-sends a recorded event (same id and body, fresh signature). */
  redeliver(eventId: string): Promise<void>;
  session(sessionId: string): SandboxCheckoutSession | undefined;
  /**
   * Completes a verification session as its hosted page does ("verified" with the document's
   * name and date of birth yyyy-MM-dd, or "unreadable") and resolves with the event after its
   * delivery was attempted. documentNumber defaults to a new one (pass the same to two accounts for a duplicate).
   */
  verifyIdentity(verificationId: string, input: { outcome: "verified" | "unreadable"; firstName?: string; lastName?: string; dob?: string; documentNumber?: string }): Promise<SandboxIdentityEvent>;
  verificationSession(verificationId: string): SandboxVerificationSession | undefined;
  /**
   * A provider fault for the next `times` API requests to this method (default POST) and path
   * (e.g. "/v1/checkout/sessions"): "error" answers 500 api_error without running the request
   * (nothing is kept under its idempotency key); "timeout" runs it (its answer is kept under the
   * key) and never answers, until the client gives up and closes the connection. A client's own
   * retries count as requests.
   */
  failNext(fault: { method?: string; path: string; times?: number; kind: "error" | "timeout" }): void;
  /** Switches off every fault not yet used. */
  clearFaults(): void;
  /** How many API requests reached this method and path (e.g. "POST", "/v1/checkout/sessions"), faulted ones included. */
  apiRequests(method: string, path: string): number;
  /** Every checkout session made, oldest first. */
  sessions(): SandboxCheckoutSession[];
  refunds(): SandboxRefund[];
  /** Every event recorded, oldest first. */
  events(): SandboxEvent[];
}

export function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox>;
