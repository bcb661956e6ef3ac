// POST /api/account/second-factor – turn TOTP on with a code from the new authenticator: {recovery_codes} (shown once)
import { NextResponse } from "next/server";
import { enableTotp } from "@/lib/server/account/enable-totp";
import { apiRoute } from "@/lib/server/http/api-route";
import { enableTotpSchema } from "@/lib/validation/second-factor";

export const POST = apiRoute({ actor: "account", body: enableTotpSchema }, async ({ actor, body }) => {
  const recoveryCodes = await enableTotp(actor, body.code);
  return NextResponse.json(
    { message: "Two-step sign-in is on.", recovery_codes: recoveryCodes },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
