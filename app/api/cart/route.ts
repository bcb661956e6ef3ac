// GET /api/cart – the caller's cart (signed-in user's or guest's), priced from the catalogue
import { NextResponse } from "next/server";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { getCart } from "@/lib/server/cart/get-cart";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({}, async ({ req, caller }) => {
  const owner = cartOwnerOf(caller?.user.id, caller ? null : await readGuestId(req.cookies));
  const cart = await getCart(owner);
  return NextResponse.json(toCartResponse(cart), { headers: { "Cache-Control": "private, no-store" } });
});
