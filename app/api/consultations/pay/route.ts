// POST /api/consultations/pay – hold a consultation slot and open its checkout session
import { NextResponse } from "next/server";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { startBookingCheckout } from "@/lib/server/booking/start-booking-checkout";
import { resolveGuestId, setGuestCookie } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/http/client-address";
import { consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/rate-limit/rules";
import { consultationPaySchema } from "@/lib/validation/booking";

export const POST = apiRoute({ body: consultationPaySchema, maxBodyBytes: 16 * 1024 }, async ({ req, body, caller }) => {
  await consumeRateLimit(rateLimits.consultationHoldPerAddress, clientAddress(req.headers));
  // A guest's booking is theirs by the guest id; it moves to their account when they sign in.
  const guest = caller ? null : await resolveGuestId(req.cookies);
  const owner = cartOwnerOf(caller?.user.id, guest?.guestId ?? null);
  if (!owner) throw new Error("A booking owner is always resolved.");
  const { sessionId, url } = await startBookingCheckout(body, owner);
  const response = NextResponse.json({ sessionId, url, message: "Slot held. Redirecting to secure payment..." });
  if (guest?.isNew) setGuestCookie(response, guest.guestId);
  return response;
});
