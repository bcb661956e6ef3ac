// POST /api/subscriptions/{id}/cancel – cancels at the end of the paid period (spec: cancel subscription by id); owner only (another patient's id: 404)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { manageSubscription } from "@/lib/server/subscriptions/manage-subscription";
import { subscriptionParamsSchema } from "@/lib/validation/subscriptions";

export const POST = apiRoute({ actor: "account", params: subscriptionParamsSchema }, async ({ actor, params }) => {
  return NextResponse.json(await manageSubscription(actor, params.id, "cancel"));
});
