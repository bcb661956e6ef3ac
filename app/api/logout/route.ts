// POST /api/logout – revoke the actor's token (bearer or cookie) and clear the session cookie
import { NextResponse } from "next/server";
import { revokeSession } from "@/lib/server/auth/revoke-sessions";
import { endWebSession } from "@/lib/server/auth/session-response";
import { apiRoute } from "@/lib/server/http/api-route";

export const POST = apiRoute({ actor: "account" }, async ({ actor }) => {
  await revokeSession(actor.sessionId);
  const response = NextResponse.json({ message: "Logged out." });
  endWebSession(response);
  return response;
});
