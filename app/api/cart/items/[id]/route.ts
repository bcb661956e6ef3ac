// PATCH /api/cart/items/{id} – set a line's quantity; DELETE – remove the line
import { NextResponse } from "next/server";
import { removeCartItem, updateCartItemQuantity } from "@/lib/server/cart/change-cart-item";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { cartItemParamsSchema, updateCartItemSchema } from "@/lib/validation/cart";

const NOT_IN_CART = "This item is no longer in your cart.";

export const PATCH = apiRoute({ actor: "guest", params: cartItemParamsSchema, body: updateCartItemSchema }, async ({ req, body, params, actor }) => {
  await consumeRateLimit(rateLimits.cartWritePerAddress, clientAddress(req.headers));
  if (!actor) throw new AppError("not_found", NOT_IN_CART);
  return NextResponse.json(toCartResponse(await updateCartItemQuantity(actor, params.id, body.quantity)));
});

export const DELETE = apiRoute({ actor: "guest", params: cartItemParamsSchema }, async ({ req, params, actor }) => {
  await consumeRateLimit(rateLimits.cartWritePerAddress, clientAddress(req.headers));
  if (!actor) throw new AppError("not_found", NOT_IN_CART);
  return NextResponse.json(toCartResponse(await removeCartItem(actor, params.id)));
});
