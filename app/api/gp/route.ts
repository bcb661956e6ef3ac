// PUT /api/gp {practice_name, address_line1, address_line2?, town, postcode, email?, consent} – the account's GP practice and consent to share
import { NextResponse } from "next/server";
import { saveGpDetails } from "@/lib/server/gp/save-gp-details";
import { apiRoute } from "@/lib/server/http/api-route";
import { saveGpDetailsSchema } from "@/lib/validation/gp";

export const PUT = apiRoute({ actor: "account", body: saveGpDetailsSchema }, async ({ actor, body }) => {
  const gp = await saveGpDetails(actor, body);
  const message = gp.consentToShare ? `Saved. We will tell ${gp.practiceName} about the medicines we supply to you.` : "Saved. We will not contact your GP.";
  return NextResponse.json({ message, gp });
});
