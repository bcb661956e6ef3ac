// PATCH /api/cart/items/{id} – set a line's quantity; DELETE – remove the line
import { NextResponse, type NextRequest } from "next/server";
import type { Caller } from "@/lib/server/auth/types";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { removeCartItem, updateCartItemQuantity } from "@/lib/server/cart/change-cart-item";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { AppError } from "@/lib/server/errors";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";
import { cartItemParamsSchema, updateCartItemSchema } from "@/lib/validation/cart";

async function resolveLine(req: NextRequest, caller: Caller | null, params: Record<string, string>) {
  const parsed = cartItemParamsSchema.safeParse(params);
  const owner = cartOwnerOf(caller?.user.id, caller ? null : await readGuestId(req.cookies));
  if (!parsed.success || !owner) throw new AppError("not_found", "This item is no longer in your cart.");
  return { owner, itemId: parsed.data.id };
}

export const PATCH = apiRoute({ body: updateCartItemSchema }, async ({ req, body, params, caller }) => {
  const { owner, itemId } = await resolveLine(req, caller, params);
  return NextResponse.json(toCartResponse(await updateCartItemQuantity(owner, itemId, body.quantity)));
});

export const DELETE = apiRoute({}, async ({ req, params, caller }) => {
  const { owner, itemId } = await resolveLine(req, caller, params);
  return NextResponse.json(toCartResponse(await removeCartItem(owner, itemId)));
});
