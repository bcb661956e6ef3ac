// POST /api/unlock-sign-in – use an emailed unlock link {token}: clears the account's sign-in lock
import { NextResponse } from "next/server";
import { unlockSignIn } from "@/lib/server/auth/unlock-sign-in";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { unlockSignInSchema } from "@/lib/validation/auth";

// Only POST uses the token, never a GET, so a mail scanner following the link cannot use it up.
export const POST = apiRoute({ body: unlockSignInSchema }, async ({ req, body }) => {
  const result = await unlockSignIn(body.token, clientAddress(req.headers));
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
