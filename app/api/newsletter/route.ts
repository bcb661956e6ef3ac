// POST /api/newsletter – subscribe with consent and receive the first-order code
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/http/client-address";
import { createSubscriber } from "@/lib/server/storefront/create-subscriber";
import { createSubscriberSchema } from "@/lib/validation/newsletter";

export const POST = apiRoute({ body: createSubscriberSchema }, async ({ req, body }) => {
  const { code } = await createSubscriber(body, { source: "footer", address: clientAddress(req.headers) });
  return NextResponse.json(
    { message: `Thanks for subscribing! Use code ${code} for 10% off your first order.`, code },
    { status: 201 },
  );
});
