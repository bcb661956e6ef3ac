// GET /sanctum/csrf-cookie – sets the XSRF-TOKEN cookie the client echoes in X-XSRF-TOKEN
import { getCaller } from "@/lib/server/auth/get-caller";
import { setXsrfCookie } from "@/lib/server/auth/xsrf-token";
import { apiRoute } from "@/lib/server/http/api-route";
import { NextResponse } from "next/server";

export const GET = apiRoute({}, async ({ req }) => {
  const found = await getCaller(req);
  const response = new NextResponse(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  setXsrfCookie(response, found.kind === "signed-in" && found.caller.via === "cookie" ? found.caller.sessionId : null);
  return response;
});
