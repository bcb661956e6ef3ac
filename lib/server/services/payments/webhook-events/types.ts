import "server-only";
import type Stripe from "stripe";

/** One allow-listed Stripe event's work; safe to run twice and in any order. Its kind is echoed to Stripe. */
export type WebhookEventHandler = (event: Stripe.Event, recorded: { id: string; type: string }) => Promise<{ kind: string }>;
