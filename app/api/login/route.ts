// POST /api/login – sign in: {token, user}, the site's session cookie and the known-device cookie
import { NextResponse } from "next/server";
import { readDeviceCookie, setDeviceCookie } from "@/lib/server/auth/device-cookie";
import { logIn } from "@/lib/server/auth/log-in";
import { startWebSession } from "@/lib/server/auth/session-response";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { clientAddress } from "@/lib/server/http/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { logInSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ body: logInSchema }, async ({ req, body }) => {
  const result = await logIn(body, {
    address: clientAddress(req.headers),
    guestId: await readGuestId(req.cookies),
    deviceCookie: readDeviceCookie(req.cookies),
  });
  const response = NextResponse.json({ token: result.token, user: result.user }, { headers: { "Cache-Control": "no-store" } });
  startWebSession(response, result);
  setDeviceCookie(response, result.deviceToken);
  return response;
});
