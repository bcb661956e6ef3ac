// POST /api/checkout/quote – what the cart costs with a delivery option and discount code, before payment (pounds as numbers, and pence)
import { NextResponse } from "next/server";
import { REFERRAL_COOKIE } from "@/lib/server/discounts/referral-cookie";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { quoteOrder } from "@/lib/server/orders/quote-order";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { quoteSchema } from "@/lib/validation/checkout";

const pounds = (pence: number) => pence / 100;

export const POST = apiRoute({ actor: "guest", body: quoteSchema }, async ({ req, body, actor }) => {
  await consumeRateLimit(rateLimits.checkoutQuotePerAddress, clientAddress(req.headers));
  const quote = await quoteOrder(actor, body, req.cookies.get(REFERRAL_COOKIE)?.value ?? null);
  return NextResponse.json(
    {
      ...quote,
      subtotal: pounds(quote.subtotalPence),
      discount: pounds(quote.discountPence),
      delivery: pounds(quote.deliveryPence),
      total: pounds(quote.totalPence),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
