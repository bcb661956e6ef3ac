import "server-only";
import type Stripe from "stripe";
import type { ApplyResult } from "../apply-checkout-session";

/** One allow-listed Stripe event's work; safe to run twice and in any order. */
export type WebhookEventHandler = (event: Stripe.Event, recorded: { id: string; type: string }) => Promise<ApplyResult>;
