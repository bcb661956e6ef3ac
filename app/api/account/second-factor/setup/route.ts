// POST /api/account/second-factor/setup – start setting up an authenticator: {secret, otpauth_uri, qr}
import { NextResponse } from "next/server";
import { startTotpEnrolment } from "@/lib/server/auth/second-factor/enrol-totp";
import { apiRoute } from "@/lib/server/http/api-route";

export const POST = apiRoute({ actor: "account" }, async ({ actor }) => {
  const enrolment = await startTotpEnrolment(actor.user);
  return NextResponse.json(
    { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri, qr: enrolment.qr },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
