// POST /api/subscribe { plan_id } – { url }: Stripe Checkout in subscription mode, or the assessment to take first
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { startSubscription } from "@/lib/server/subscriptions/start-subscription";
import { subscribeSchema } from "@/lib/validation/subscriptions";

// Guests subscribe under their guest id (minted here if new); it moves to their account at sign-in.
export const POST = apiRoute({ actor: "guest-or-new", body: subscribeSchema }, async ({ req, body, actor }) => {
  await consumeRateLimit(rateLimits.orderCheckoutPerAddress, clientAddress(req.headers));
  const answer = await startSubscription(actor, body.plan_id);
  return NextResponse.json(answer.kind === "checkout" ? { url: answer.url, sessionId: answer.sessionId } : { url: answer.url, message: answer.message, next: answer.kind });
});
