// POST /api/newsletter – subscribe with consent; the personal first-order code is emailed (same answer for new and known emails)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { createSubscriber, SUBSCRIBED_MESSAGE } from "@/lib/server/storefront/create-subscriber";
import { createSubscriberSchema } from "@/lib/validation/newsletter";

export const POST = apiRoute({ body: createSubscriberSchema }, async ({ req, body }) => {
  await createSubscriber(body, { source: "footer", address: clientAddress(req.headers) });
  return NextResponse.json({ message: SUBSCRIBED_MESSAGE }, { status: 201 });
});
