// GET /api/plans?treatment_type=… – the active plans of a treatment type ({ plans }, price in pounds)
import { NextResponse } from "next/server";
import { listAvailablePlans } from "@/lib/server/account/list-available-plans";
import { apiRoute } from "@/lib/server/http/api-route";
import { plansQuerySchema } from "@/lib/validation/prescription";

export const GET = apiRoute({ query: plansQuerySchema }, async ({ query }) => {
  const plans = (await listAvailablePlans(query.treatment_type)).map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: plan.pricePence / 100,
    duration: plan.durationMonths,
    description: plan.description,
  }));
  return NextResponse.json({ plans }, { headers: { "Cache-Control": "public, max-age=60" } });
});
