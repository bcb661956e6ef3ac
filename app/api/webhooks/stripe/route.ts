// POST /api/webhooks/stripe – payment events, verified by signature over the raw body
import { NextResponse, type NextRequest } from "next/server";
import type Stripe from "stripe";
import { env } from "@/lib/env";
// Every kind of purchase registers its payment handler; the webhook serves them all.
import "@/lib/server/plugins";
import { describeError, stripe } from "@/lib/server/services/payments/stripe-client";
import { webhookEventHandler } from "@/lib/server/services/payments/webhook-events";
import { observeWebhookLag } from "@/lib/server/services/payments/webhook-lag";
import { logger } from "@/lib/server/core/log/logger";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/lib/server/core/db/database-unavailable";

// Not wrapped in apiRoute: Stripe is a cross-site caller with no session or XSRF token;
// the signature is its authentication. Events outside the allow-list are acknowledged and ignored.
const MAX_BODY_BYTES = 512 * 1024;

export async function POST(req: NextRequest) {
  const signature = req.headers.get("stripe-signature");
  const length = Number(req.headers.get("content-length") ?? 0);
  if (!signature) return NextResponse.json({ message: "Missing Stripe-Signature header." }, { status: 400 });
  if (length > MAX_BODY_BYTES) return NextResponse.json({ message: "Payload too large." }, { status: 413 });
  const payload = await req.text();
  if (Buffer.byteLength(payload) > MAX_BODY_BYTES) return NextResponse.json({ message: "Payload too large." }, { status: 413 });

  let event: Stripe.Event;
  try {
    // Checks the HMAC over the exact bytes received and refuses timestamps older than 5 minutes.
    event = stripe().webhooks.constructEvent(payload, signature, env().STRIPE_WEBHOOK_SECRET);
  } catch {
    return NextResponse.json({ message: "Invalid signature." }, { status: 400 });
  }
  const handler = webhookEventHandler(event.type);
  if (!handler) return NextResponse.json({ received: true, ignored: true });
  try {
    const result = await handler(event, { id: event.id, type: event.type });
    if (result.kind !== "duplicate-event") observeWebhookLag(event);
    return NextResponse.json({ received: true, result: result.kind });
  } catch (error) {
    // A 5xx makes Stripe deliver the event again later; nothing was committed. Without the
    // database it is a 503, as every API answers then.
    if (isDatabaseUnavailable(error)) {
      logger.warn(`Stripe event ${event.id} (${event.type}) deferred: the database is unreachable or too busy`);
      return NextResponse.json({ message: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "30" } });
    }
    logger.error({ at: error instanceof Error ? error.stack?.split("\n").slice(1, 6).map((line) => line.trim()) : undefined }, `Stripe event ${event.id} (${event.type}) failed: ${describeError(error)}`);
    return NextResponse.json({ message: "The event could not be processed; it will be retried." }, { status: 500 });
  }
}
