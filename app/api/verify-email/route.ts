// POST /api/verify-email – use an emailed link {token}: verify the address, or complete an email change
import { NextResponse } from "next/server";
import { verifyEmail } from "@/lib/server/auth/verify-email";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { verifyEmailSchema } from "@/lib/validation/auth";

// Sign-in is optional: the token proves control of the address. Only POST uses it, never
// a GET, so a mail scanner following the link cannot use it up.
export const POST = apiRoute({ body: verifyEmailSchema }, async ({ req, body, actor }) => {
  const result = await verifyEmail(body.token, { actor, address: clientAddress(req.headers) });
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
