// Checkout of the cart: a quote, then an order awaiting payment on Stripe Checkout.
import { z } from "zod";
import { checkoutSchema, quoteSchema } from "@/lib/validation/checkout";
import { boundaryErrors, defineOperations, errorResponse, type ResponseSpec } from "../operation";

/** quoteOrder's result as the route sends it: the pence fields, and the same four in pounds. */
const quoteResponseSchema = z
  .strictObject({
    subtotalPence: z.number().int(),
    discountPence: z.number().int(),
    deliveryPence: z.number().int(),
    totalPence: z.number().int(),
    freeDelivery: z.boolean(),
    discountCode: z.string().nullable(),
    deliveryOptions: z.array(z.strictObject({ slug: z.string(), name: z.string(), description: z.string(), pricePence: z.number().int() })),
    problems: z.array(z.string()),
    subtotal: z.number(),
    discount: z.number(),
    delivery: z.number(),
    total: z.number(),
  })
  .meta({ id: "CheckoutQuote" });

const badBearer: Record<number, ResponseSpec> = { 401: errorResponse("The bearer token is not valid (expired or revoked): drop it.") };

export const checkoutOperations = defineOperations([
  {
    method: "post",
    path: "/api/checkout/quote",
    summary: "What the cart costs with a delivery option and discount code, before payment (pence, and pounds as numbers)",
    tags: ["Checkout"],
    access: "guest",
    request: { body: quoteSchema },
    responses: {
      200: { description: "The quote; `problems` lists what changed since the items were added.", schema: quoteResponseSchema },
      ...boundaryErrors({ write: true, jsonBody: true }),
      ...badBearer,
      422: errorResponse("Validation failed, an unknown delivery option, or a discount code that does not apply (`errors.discount_code` says why)."),
      429: errorResponse("Too many quotes from this address (Retry-After says when to try again)."),
    },
  },
  {
    method: "post",
    path: "/api/checkout",
    summary: "The cart becomes an order awaiting payment: the Stripe Checkout page to send the customer to",
    tags: ["Checkout"],
    access: "guest",
    request: { body: checkoutSchema },
    responses: {
      200: {
        description: "Redirect the customer to `url`; `reference` names the order.",
        schema: z.strictObject({ url: z.string(), sessionId: z.string(), reference: z.string() }),
      },
      ...boundaryErrors({ write: true, jsonBody: true }),
      ...badBearer,
      409: errorResponse("The cart changed (a price, a sold-out item): `errors.cart` lists what, to review before paying."),
      422: errorResponse("Validation failed, an empty cart, a guest without an email, a delivery option not available, or a discount code that does not apply."),
      429: errorResponse("Too many checkouts from this address (Retry-After says when to try again)."),
      502: errorResponse("The payment provider refused or did not answer; nothing was charged."),
    },
  },
]);
