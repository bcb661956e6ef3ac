// POST /api/identity/verification – { url }: the identity provider's page for the signed-in patient (an open check is reused)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { startIdentityVerification } from "@/lib/server/identity/start-identity-verification";

export const POST = apiRoute({ actor: "account" }, async ({ actor }) => {
  const { url } = await startIdentityVerification(actor);
  return NextResponse.json({ url });
});
