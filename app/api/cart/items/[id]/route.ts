// PATCH /api/cart/items/{id} – set a line's quantity; DELETE – remove the line
import { NextResponse, type NextRequest } from "next/server";
import { removeCartItem, updateCartItemQuantity } from "@/lib/server/cart/change-cart-item";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { AppError } from "@/lib/server/errors";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";
import { cartItemParamsSchema, updateCartItemSchema } from "@/lib/validation/cart";

async function resolveLine(req: NextRequest, params: Record<string, string>) {
  const parsed = cartItemParamsSchema.safeParse(params);
  const guestId = await readGuestId(req.cookies);
  if (!parsed.success || !guestId) throw new AppError("not_found", "This item is no longer in your cart.");
  return { guestId, itemId: parsed.data.id };
}

export const PATCH = apiRoute({ body: updateCartItemSchema }, async ({ req, body, params }) => {
  const { guestId, itemId } = await resolveLine(req, params);
  return NextResponse.json(toCartResponse(await updateCartItemQuantity(guestId, itemId, body.quantity)));
});

export const DELETE = apiRoute({}, async ({ req, params }) => {
  const { guestId, itemId } = await resolveLine(req, params);
  return NextResponse.json(toCartResponse(await removeCartItem(guestId, itemId)));
});
