// GET /api/account – account settings; PATCH – rename; DELETE – delete the account (password re-checked)
import { NextResponse } from "next/server";
import { deleteAccount } from "@/lib/server/account/delete-account";
import { getAccount } from "@/lib/server/account/get-account";
import { updateAccountName } from "@/lib/server/account/update-account";
import { endWebSession } from "@/lib/server/auth/session-response";
import { apiRoute } from "@/lib/server/http/api-route";
import { deleteAccountSchema, updateAccountSchema } from "@/lib/validation/account";

const noStore = { "Cache-Control": "private, no-store" };

export const GET = apiRoute({ actor: "account" }, async ({ actor }) =>
  NextResponse.json(await getAccount(actor), { headers: noStore }),
);

export const PATCH = apiRoute({ actor: "account", body: updateAccountSchema }, async ({ actor, body }) =>
  NextResponse.json({ message: "Your details have been saved.", user: await updateAccountName(actor, body.name) }),
);

export const DELETE = apiRoute({ actor: "account", body: deleteAccountSchema }, async ({ actor, body }) => {
  await deleteAccount(actor, body.password);
  const response = NextResponse.json({ message: "Your account has been deleted." });
  endWebSession(response);
  return response;
});
