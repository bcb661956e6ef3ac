// The cart of a signed-in patient or a guest (guest cookie), prices in pounds as numbers.
import { z } from "zod";
import { addCartItemSchema, cartItemParamsSchema, updateCartItemSchema } from "@/lib/validation/cart";
import { boundaryErrors, defineOperations, errorResponse, type Operation, type ResponseSpec } from "../operation";

/** toCartResponse (lib/server/cart/to-cart-response.ts). */
const cartSchema = z
  .strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        product_slug: z.string(),
        plan_id: z.string().nullable(),
        kind: z.enum(["COSMETIC", "PHARMACY_MEDICINE", "PRESCRIPTION_ONLY", "SERVICE"]),
        name: z.string(),
        /** The duration label; one-off items read "One-off purchase". */
        subscription: z.string(),
        price: z.number(),
        quantity: z.number().int(),
        line_total: z.number(),
        previous_price: z.number().nullable(),
        image: z.string(),
      }),
    ),
    item_count: z.number().int(),
    total: z.number(),
  })
  .meta({ id: "CartCart" });

const badBearer: Record<number, ResponseSpec> = { 401: errorResponse("The bearer token is not valid (expired or revoked): drop it.") };
const tooMany: Record<number, ResponseSpec> = { 429: errorResponse("Too many cart changes from this address (Retry-After says when to try again).") };

function addItem(path: string, summary: string): Operation {
  return {
    method: "post",
    path,
    summary,
    tags: ["Cart"],
    access: "guest",
    request: { body: addCartItemSchema },
    responses: {
      201: { description: "Added; the whole cart. A first add by a new visitor sets the guest cookie.", schema: cartSchema },
      ...boundaryErrors({ write: true, jsonBody: true }),
      ...badBearer,
      422: errorResponse("Validation failed, or the product or plan cannot be added (unknown, unavailable, a medicine without its passed assessment): `errors` names the field."),
      ...tooMany,
    },
  };
}

export const cartOperations = defineOperations([
  {
    method: "get",
    path: "/api/cart",
    summary: "The caller's cart (signed-in user's or guest's), priced from the catalogue",
    tags: ["Cart"],
    access: "guest",
    responses: {
      200: { description: "The cart (empty for a visitor without one).", schema: cartSchema },
      ...boundaryErrors({}),
      ...badBearer,
    },
  },
  addItem("/api/cart", "Add a product or a treatment plan (the same as POST /api/cart/items)"),
  addItem("/api/cart/items", "Add a product (cosmetics; a medicine with its passed assessment) or a treatment plan"),
  {
    method: "patch",
    path: "/api/cart/items/{id}",
    summary: "Set a cart line's quantity",
    tags: ["Cart"],
    access: "guest",
    request: { params: cartItemParamsSchema, body: updateCartItemSchema },
    responses: {
      200: { description: "The whole cart.", schema: cartSchema },
      ...boundaryErrors({ write: true, jsonBody: true, params: true }),
      ...badBearer,
      404: errorResponse("This item is no longer in the caller's cart (or the id is malformed)."),
      ...tooMany,
    },
  },
  {
    method: "delete",
    path: "/api/cart/items/{id}",
    summary: "Remove a cart line",
    tags: ["Cart"],
    access: "guest",
    request: { params: cartItemParamsSchema },
    responses: {
      200: { description: "The whole cart.", schema: cartSchema },
      ...boundaryErrors({ write: true, params: true }),
      ...badBearer,
      404: errorResponse("This item is no longer in the caller's cart (or the id is malformed)."),
      ...tooMany,
    },
  },
]);
