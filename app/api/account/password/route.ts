// POST /api/account/password – change password (current one checked); other sessions signed out
import { NextResponse } from "next/server";
import { changePassword } from "@/lib/server/account/change-password";
import { apiRoute } from "@/lib/server/http/api-route";
import { changePasswordSchema } from "@/lib/validation/account";

export const POST = apiRoute({ actor: "account", body: changePasswordSchema }, async ({ actor, body }) => {
  await changePassword(actor, body);
  return NextResponse.json({ message: "Your password has been changed. Other devices have been signed out." });
});
