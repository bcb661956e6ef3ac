// POST /api/cart/items – add a product (cosmetics only; medicines need their assessment)
import { NextResponse } from "next/server";
import { addCartItem } from "@/lib/server/cart/add-cart-item";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { resolveGuestId, setGuestCookie } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";
import { addCartItemSchema } from "@/lib/validation/cart";

export const POST = apiRoute({ body: addCartItemSchema }, async ({ req, body }) => {
  const { guestId, isNew } = await resolveGuestId(req.cookies);
  const cart = await addCartItem(guestId, body);
  const response = NextResponse.json(toCartResponse(cart), { status: 201 });
  // Issued only after the write succeeded: a refused request leaves no cookie behind.
  if (isNew) setGuestCookie(response, guestId);
  return response;
});
