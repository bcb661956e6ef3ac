// Stripe's calls to us: payment events, authenticated by the signature over the raw body.
import { z } from "zod";
import { defineOperations, errorResponse } from "../operation";

/** A Stripe event as Stripe sends it (only what the route reads is named). */
const stripeEventSchema = z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) });

export const webhooksOperations = defineOperations([
  {
    method: "post",
    path: "/api/webhooks/stripe",
    summary: "Stripe's payment events (checkout completed or expired, refunds, subscriptions); each is safe to deliver twice and in any order",
    tags: ["Webhooks"],
    access: "webhook",
    request: { body: stripeEventSchema },
    responses: {
      200: {
        description: "Received: handled (`result` says how: applied, unchanged, duplicate-event, not-ours …), or a type outside the allow-list (`ignored`).",
        schema: z.union([z.strictObject({ received: z.literal(true), result: z.string() }), z.strictObject({ received: z.literal(true), ignored: z.literal(true) })]),
      },
      400: errorResponse("No Stripe-Signature header, or a signature that does not match the body (or is older than five minutes)."),
      413: errorResponse("The body is larger than 512 KB."),
      500: errorResponse("The event could not be processed; Stripe delivers it again later."),
      503: errorResponse("The database is unreachable or too busy (Retry-After: 30); Stripe delivers it again later."),
    },
  },
]);
