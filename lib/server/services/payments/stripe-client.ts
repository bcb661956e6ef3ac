import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";

// The one Stripe client. With STRIPE_SECRET_KEY it talks to Stripe; without it, to the local
// payment sandbox (stripe-sandbox), which answers the same API on STRIPE_SANDBOX_URL.
// Nothing else in the app knows which one it is talking to.

/** The API key the sandbox accepts; it is not a secret and never reaches Stripe. */
const SANDBOX_KEY = "sk_test_local_sandbox";

let client: Stripe | undefined;
let clientFor: string | undefined;

export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_SANDBOX_URL } = env();
  const target = STRIPE_SECRET_KEY ? "stripe" : STRIPE_SANDBOX_URL;
  if (client && clientFor === target) return client;
  const common = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "hairline-clinic" } } as const;
  if (STRIPE_SECRET_KEY) {
    client = new Stripe(STRIPE_SECRET_KEY, common);
  } else {
    const url = new URL(STRIPE_SANDBOX_URL!);
    client = new Stripe(SANDBOX_KEY, {
      ...common,
      host: url.hostname,
      port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
      protocol: url.protocol === "https:" ? "https" : "http",
    });
  }
  clientFor = target;
  return client;
}

/**
 * A provider error's own message (shown to the user, as the spec asks), as a sentence; or a
 * generic one when there is none or the provider was not reached: a timeout's or a refused
 * connection's message is about our client, not something the patient can act on.
 */
export function providerMessage(error: unknown): string {
  if (!(error instanceof Stripe.errors.StripeError) || error instanceof Stripe.errors.StripeConnectionError || !error.message.trim()) return "The payment provider did not answer.";
  const message = error.message.trim();
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

export function isStripeError(error: unknown, code?: string): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError && (code === undefined || error.code === code);
}

/** For logs: the provider's error type and code, never request data. */
export function describeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return [error.type, error.code, error.statusCode].filter(Boolean).join(" ");
  if (!(error instanceof Error)) return "unknown error";
  // A database error's code (Prisma's P…, PostgreSQL's SQLSTATE), never its message: that quotes values.
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === "string" ? `${error.name} ${code}` : error.name;
}
