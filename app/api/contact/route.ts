// POST /api/contact – store a message for the team
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { createContactMessage } from "@/lib/server/storefront/create-contact-message";
import { CONTACT_THANK_YOU, createContactMessageSchema } from "@/lib/validation/contact";

export const POST = apiRoute({ body: createContactMessageSchema }, async ({ req, body }) => {
  await createContactMessage(body, { address: clientAddress(req.headers) });
  return NextResponse.json({ message: CONTACT_THANK_YOU }, { status: 201 });
});
