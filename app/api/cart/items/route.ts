// POST /api/cart/items – add a product (cosmetics only; medicines need their assessment)
import { NextResponse } from "next/server";
import { addCartItem } from "@/lib/server/cart/add-cart-item";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { apiRoute } from "@/lib/server/http/api-route";
import { addCartItemSchema } from "@/lib/validation/cart";

// A first add mints the guest; apiRoute sends its cookie only when the add succeeded.
export const POST = apiRoute({ actor: "guest-or-new", body: addCartItemSchema }, async ({ body, actor }) => {
  const cart = await addCartItem(actor, body);
  return NextResponse.json(toCartResponse(cart), { status: 201 });
});
