// GET /sanctum/csrf-cookie – sets the XSRF-TOKEN cookie the client echoes in X-XSRF-TOKEN
import { NextResponse } from "next/server";
import { setXsrfCookie } from "@/lib/server/auth/xsrf-token";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({}, async ({ actor }) => {
  const response = new NextResponse(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  // Bound to the website's session; bearer clients need no XSRF token at all.
  setXsrfCookie(response, actor?.via === "cookie" ? actor.sessionId : null);
  return response;
});
