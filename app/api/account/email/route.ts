// POST /api/account/email – ask to change the email address (password re-checked); a link goes to the new one
import { NextResponse } from "next/server";
import { requestEmailChange } from "@/lib/server/account/request-email-change";
import { apiRoute } from "@/lib/server/http/api-route";
import { requestEmailChangeSchema } from "@/lib/validation/account";

export const POST = apiRoute({ actor: "account", body: requestEmailChangeSchema }, async ({ actor, body }) =>
  NextResponse.json(await requestEmailChange(actor, body)),
);
