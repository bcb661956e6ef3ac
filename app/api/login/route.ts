// POST /api/login – sign in: {token, user}, the site's session cookie and the known-device cookie;
// for an account with a second factor, {second_factor_required, challenge, enrolment_required} and no session
import { NextResponse } from "next/server";
import { readDeviceCookie, setDeviceCookie } from "@/lib/server/auth/device-cookie";
import { logIn } from "@/lib/server/auth/log-in";
import { startWebSession } from "@/lib/server/auth/session-response";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { logInSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ body: logInSchema, guestCookie: true }, async ({ req, body, cookieGuestId }) => {
  const result = await logIn(body, {
    address: clientAddress(req.headers),
    guestId: cookieGuestId,
    deviceCookie: readDeviceCookie(req.cookies),
  });
  const headers = { "Cache-Control": "no-store" };
  if (result.kind === "second-factor") {
    return NextResponse.json({ second_factor_required: true, challenge: result.challenge, enrolment_required: result.enrolmentRequired }, { headers });
  }
  const response = NextResponse.json({ token: result.token, user: result.user }, { headers });
  startWebSession(response, result);
  setDeviceCookie(response, result.deviceToken);
  return response;
});
