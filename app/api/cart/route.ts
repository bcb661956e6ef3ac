// GET /api/cart – the caller's cart, priced from the catalogue
import { NextResponse } from "next/server";
import { getCart } from "@/lib/server/cart/get-cart";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({}, async ({ req }) => {
  const cart = await getCart(await readGuestId(req.cookies));
  return NextResponse.json(toCartResponse(cart), { headers: { "Cache-Control": "private, no-store" } });
});
