// POST /api/cart/items – add a product (cosmetics only; medicines need their assessment)
import { NextResponse } from "next/server";
import { addCartItem } from "@/lib/server/cart/add-cart-item";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { resolveGuestId, setGuestCookie } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";
import { addCartItemSchema } from "@/lib/validation/cart";

export const POST = apiRoute({ body: addCartItemSchema }, async ({ req, body, caller }) => {
  const guest = caller ? null : await resolveGuestId(req.cookies);
  const owner = cartOwnerOf(caller?.user.id, guest?.guestId ?? null);
  if (!owner) throw new Error("A cart owner is always resolved for a write.");
  const cart = await addCartItem(owner, body);
  const response = NextResponse.json(toCartResponse(cart), { status: 201 });
  // Issued only after the write succeeded: a refused request leaves no cookie behind.
  if (guest?.isNew) setGuestCookie(response, guest.guestId);
  return response;
});
