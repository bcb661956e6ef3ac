// PUT /api/gp {practice_name, address_line1, address_line2?, town, postcode, email?, consent} – the account's GP practice and consent to share
import { NextResponse } from "next/server";
import { gpSavedMessage, saveGpDetails } from "@/lib/server/gp/save-gp-details";
import { apiRoute } from "@/lib/server/http/api-route";
import { saveGpDetailsSchema } from "@/lib/validation/gp";

export const PUT = apiRoute({ actor: "account", body: saveGpDetailsSchema }, async ({ actor, body }) => {
  const gp = await saveGpDetails(actor, body);
  return NextResponse.json({ message: gpSavedMessage(gp), gp });
});
