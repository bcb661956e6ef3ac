// PUT /api/account/reminders – turn email reminders on or off
import { NextResponse } from "next/server";
import { setReminders } from "@/lib/server/account/update-account";
import { apiRoute } from "@/lib/server/http/api-route";
import { setRemindersSchema } from "@/lib/validation/account";

export const PUT = apiRoute({ actor: "account", body: setRemindersSchema }, async ({ actor, body }) => {
  const result = await setReminders(actor, body.enabled);
  return NextResponse.json({ message: result.enabled ? "Email reminders are on." : "Email reminders are off.", ...result });
});
