// POST /api/prescription/pay – lock the questionnaire and open the £19.99 checkout; answers { id: session id }
import { NextResponse } from "next/server";
import { guestFromClient, setGuestCookie } from "@/lib/server/core/actor/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { startPrescriptionCheckout } from "@/lib/server/prescriptions/start-prescription-checkout";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { prescriptionPaySchema } from "@/lib/validation/prescription";

// Guests pay by email under their guest id: the guest cookie's, else the spec client's
// guest_id (it generates its own), else a new one; the cookie follows on success.
export const POST = apiRoute({ actor: "guest", body: prescriptionPaySchema, maxBodyBytes: 256 * 1024 }, async ({ req, body, actor }) => {
  await consumeRateLimit(rateLimits.prescriptionCheckoutPerAddress, clientAddress(req.headers));
  const payer = actor ?? (await guestFromClient(body.guest_id));
  const { sessionId, url } = await startPrescriptionCheckout(payer, body);
  const response = NextResponse.json({ id: sessionId, url });
  if (payer.kind === "guest" && payer.isNew) setGuestCookie(response, payer.guestId);
  return response;
});
