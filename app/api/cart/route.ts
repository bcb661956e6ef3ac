// GET /api/cart – the caller's cart (signed-in user's or guest's), priced from the catalogue
// POST /api/cart – add a product, or a treatment plan with its passed assessment (as POST /api/cart/items)
import { NextResponse } from "next/server";
import { getCart } from "@/lib/server/cart/get-cart";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({ actor: "guest" }, async ({ actor }) => {
  const cart = await getCart(actor);
  return NextResponse.json(toCartResponse(cart), { headers: { "Cache-Control": "private, no-store" } });
});

export { POST } from "./items/route";
