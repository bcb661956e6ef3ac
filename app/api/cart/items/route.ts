// POST /api/cart/items – add a product (cosmetics only; medicines need their assessment)
import { NextResponse } from "next/server";
import { addCartItem } from "@/lib/server/cart/add-cart-item";
import { toCartResponse } from "@/lib/server/cart/to-cart-response";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { addCartItemSchema } from "@/lib/validation/cart";

// A first add mints the guest; apiRoute sends its cookie only when the add succeeded.
export const POST = apiRoute({ actor: "guest-or-new", body: addCartItemSchema }, async ({ req, body, actor }) => {
  const address = clientAddress(req.headers);
  await consumeRateLimit(rateLimits.cartWritePerAddress, address);
  if (actor.kind === "guest" && actor.isNew) await consumeRateLimit(rateLimits.guestCartPerAddress, address);
  const cart = await addCartItem(actor, body);
  return NextResponse.json(toCartResponse(cart), { status: 201 });
});
