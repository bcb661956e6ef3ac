// POST /api/login/second-factor/enrolment – staff not yet enrolled: {challenge} → a new authenticator secret {secret, otpauth_uri, qr}
import { NextResponse } from "next/server";
import { startSignInEnrolment } from "@/lib/server/auth/second-factor/start-sign-in-enrolment";
import { apiRoute } from "@/lib/server/http/api-route";
import { secondFactorEnrolmentSchema } from "@/lib/validation/second-factor";

export const POST = apiRoute({ body: secondFactorEnrolmentSchema }, async ({ body }) => {
  const enrolment = await startSignInEnrolment(body.challenge);
  return NextResponse.json(
    { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri, qr: enrolment.qr },
    { headers: { "Cache-Control": "no-store" } },
  );
});
