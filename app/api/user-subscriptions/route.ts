// GET /api/user-subscriptions – { subscriptions }: the signed-in patient's subscriptions, newest first
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { listUserSubscriptions } from "@/lib/server/subscriptions/user-subscriptions";

export const GET = apiRoute({ actor: "account" }, async ({ actor }) => {
  const subscriptions = await listUserSubscriptions(actor);
  return NextResponse.json({ subscriptions }, { headers: { "Cache-Control": "private, no-store" } });
});
