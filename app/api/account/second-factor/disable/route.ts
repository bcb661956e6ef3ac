// POST /api/account/second-factor/disable – a patient turns TOTP off: {password, code | recovery_code}
import { NextResponse } from "next/server";
import { disableTotp } from "@/lib/server/account/disable-totp";
import { apiRoute } from "@/lib/server/http/api-route";
import { disableTotpSchema } from "@/lib/validation/second-factor";

export const POST = apiRoute({ actor: "account", body: disableTotpSchema }, async ({ actor, body }) => {
  await disableTotp(actor, body);
  return NextResponse.json({ message: "Two-step sign-in is off." });
});
