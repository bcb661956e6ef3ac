// POST /api/consultations/pay – hold a consultation slot and open its checkout session
import { NextResponse } from "next/server";
import { startBookingCheckout } from "@/lib/server/booking/start-booking-checkout";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { consultationPaySchema } from "@/lib/validation/booking";

// A guest's booking is theirs by the guest id; it moves to their account when they sign in.
export const POST = apiRoute({ actor: "guest-or-new", body: consultationPaySchema, maxBodyBytes: 16 * 1024 }, async ({ req, body, actor }) => {
  const address = clientAddress(req.headers);
  await consumeRateLimit(rateLimits.consultationHoldPerAddress, address);
  const { sessionId, url } = await startBookingCheckout(body, actor, { address });
  return NextResponse.json({ sessionId, url, message: "Slot held. Redirecting to secure payment..." });
});
