// POST /api/newsletter – subscribe with consent and receive the first-order code
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { createSubscriber } from "@/lib/server/storefront/create-subscriber";
import { createSubscriberSchema } from "@/lib/validation/newsletter";

export const POST = apiRoute({ body: createSubscriberSchema }, async ({ body }) => {
  const { code } = await createSubscriber(body, "footer");
  return NextResponse.json(
    { message: `Thanks for subscribing! Use code ${code} for 10% off your first order.`, code },
    { status: 201 },
  );
});
