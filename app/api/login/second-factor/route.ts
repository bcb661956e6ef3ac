// POST /api/login/second-factor – the sign-in's second step: {challenge, code | recovery_code} → {token, user[, recovery_codes]} and the session cookie
import { NextResponse } from "next/server";
import { completeSecondFactorLogIn } from "@/lib/server/auth/second-factor/complete-second-factor-log-in";
import { readDeviceCookie, setDeviceCookie } from "@/lib/server/auth/device-cookie";
import { startWebSession } from "@/lib/server/auth/session-response";
import { apiRoute } from "@/lib/server/http/api-route";
import { secondFactorLogInSchema } from "@/lib/validation/second-factor";

export const POST = apiRoute({ body: secondFactorLogInSchema, guestCookie: true }, async ({ req, body, cookieGuestId }) => {
  const result = await completeSecondFactorLogIn(body, { guestId: cookieGuestId, deviceCookie: readDeviceCookie(req.cookies) });
  const response = NextResponse.json(
    { token: result.token, user: result.user, ...(result.recoveryCodes ? { recovery_codes: result.recoveryCodes } : {}) },
    { headers: { "Cache-Control": "no-store" } },
  );
  startWebSession(response, result);
  setDeviceCookie(response, result.deviceToken);
  return response;
});
