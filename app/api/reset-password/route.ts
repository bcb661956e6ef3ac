// POST /api/reset-password – set a new password from an emailed link; signs every session out
import { NextResponse } from "next/server";
import { resetPassword } from "@/lib/server/auth/reset-password";
import { endWebSession } from "@/lib/server/auth/session-response";
import { apiRoute } from "@/lib/server/http/api-route";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ body: resetPasswordSchema }, async ({ body }) => {
  await resetPassword(body);
  const response = NextResponse.json({ message: "Your password has been changed. Please log in with your new password." });
  endWebSession(response);
  return response;
});
