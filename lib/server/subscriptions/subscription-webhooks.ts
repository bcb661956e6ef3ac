import "server-only";
import type Stripe from "stripe";
import { registerWebhookEvent } from "@/lib/server/services/payments/webhook-events";
import type { WebhookEventHandler } from "@/lib/server/services/payments/webhook-events/types";
import { applyInvoice } from "./apply-invoice";
import { applySubscription, subscriptionOfInvoice } from "./sync-subscription";

// The subscription events on the Stripe webhook. Each only names what changed: the handler
// re-reads it from Stripe under the subscription's lock (sync-subscription.ts), so repeats
// and any delivery order converge. Loaded by lib/server/plugins.ts.

const onSubscription: WebhookEventHandler = (event) => applySubscription((event.data.object as Stripe.Subscription).id);

const onInvoice: WebhookEventHandler = async (event) => {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId || !invoice.id) return { kind: "not-ours" };
  return applyInvoice(invoice.id, subscriptionId);
};

registerWebhookEvent("customer.subscription.created", onSubscription);
registerWebhookEvent("customer.subscription.updated", onSubscription);
registerWebhookEvent("customer.subscription.deleted", onSubscription);
registerWebhookEvent("invoice.paid", onInvoice);
registerWebhookEvent("invoice.payment_failed", onInvoice);
// A renewal voided while its check-in was unanswered (check-in-gate.ts): the check-in is missed.
registerWebhookEvent("invoice.voided", onInvoice);
