// POST /api/checkout – the cart becomes an order awaiting payment; answers { url, sessionId, reference } of its Stripe Checkout
import { NextResponse } from "next/server";
import { REFERRAL_COOKIE } from "@/lib/server/discounts/referral-cookie";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { startOrderCheckout } from "@/lib/server/orders/start-order-checkout";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { checkoutSchema } from "@/lib/validation/checkout";
import { AppError } from "@/lib/server/core/errors/app-error";

export const POST = apiRoute({ actor: "guest", body: checkoutSchema }, async ({ req, body, actor }) => {
  await consumeRateLimit(rateLimits.orderCheckoutPerAddress, clientAddress(req.headers));
  if (!actor) throw new AppError("validation_failed", "Your cart is empty.", { cart: ["Your cart is empty."] });
  const referralCode = req.cookies.get(REFERRAL_COOKIE)?.value ?? null;
  const { url, sessionId, reference } = await startOrderCheckout(actor, body, { referralCode });
  return NextResponse.json({ url, sessionId, reference });
});
