// POST /api/account/email-verification – email a new link to verify the actor's address (3 an hour)
import { NextResponse } from "next/server";
import { resendEmailVerification } from "@/lib/server/auth/resend-email-verification";
import { EMAIL_LINK_HOURS } from "@/lib/server/auth/issue-email-verification";
import { apiRoute } from "@/lib/server/http/api-route";

export const POST = apiRoute({ actor: "account" }, async ({ actor }) => {
  const { email } = await resendEmailVerification(actor);
  return NextResponse.json({ message: `We have sent a new link to ${email}. It expires in ${EMAIL_LINK_HOURS} hours.` });
});
