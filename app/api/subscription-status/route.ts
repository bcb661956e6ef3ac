// GET /api/subscription-status – whether the caller (account or guest) has a live plan, per treatment type
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { subscriptionStatus } from "@/lib/server/subscriptions/user-subscriptions";

export const GET = apiRoute({ actor: "guest" }, async ({ actor }) => {
  return NextResponse.json(await subscriptionStatus(actor), { headers: { "Cache-Control": "private, no-store" } });
});
