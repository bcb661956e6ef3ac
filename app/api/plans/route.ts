// GET /api/plans?treatment_type=… – the active plans of a treatment type ({ plans }, price in pounds)
import { NextResponse } from "next/server";
import { listPlanOffers } from "@/lib/server/catalogue/list-plan-offers";
import { apiRoute } from "@/lib/server/http/api-route";
import { plansQuerySchema } from "@/lib/validation/prescription";

// Served from each instance's memory, dropped on any plan change (plans-cache.ts); browsers
// and the proxy may keep an answer for a minute.
export const GET = apiRoute({ query: plansQuerySchema }, async ({ query }) => {
  const plans = await listPlanOffers(query.treatment_type);
  return NextResponse.json({ plans }, { headers: { "Cache-Control": "public, max-age=60" } });
});
