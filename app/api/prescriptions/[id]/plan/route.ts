// POST /api/prescriptions/{id}/plan – { url, sessionId }: the owner confirms the plan chosen at the
// prescription checkout, once the prescription is issued (Stripe Checkout in subscription mode)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { startPrescriptionPlan } from "@/lib/server/subscriptions/start-prescription-plan";
import { prescriptionRequestParamsSchema } from "@/lib/validation/prescription-reply";

export const POST = apiRoute({ actor: "account", params: prescriptionRequestParamsSchema }, async ({ req, params, actor }) => {
  await consumeRateLimit(rateLimits.orderCheckoutPerAddress, clientAddress(req.headers));
  const session = await startPrescriptionPlan(actor, params.id);
  return NextResponse.json({ url: session.url, sessionId: session.sessionId });
});
