// POST /api/login – sign in: {token, user}, and the site's session cookie
import { NextResponse } from "next/server";
import { logIn } from "@/lib/server/auth/log-in";
import { startWebSession } from "@/lib/server/auth/session-response";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { clientAddress } from "@/lib/server/http/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { logInSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ body: logInSchema }, async ({ req, body }) => {
  const result = await logIn(body, { address: clientAddress(req.headers), guestId: await readGuestId(req.cookies) });
  const response = NextResponse.json({ token: result.token, user: result.user }, { headers: { "Cache-Control": "no-store" } });
  startWebSession(response, result);
  return response;
});
