// GET /api/user – the signed-in user (id, name, email); 401 otherwise
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({ actor: "account" }, async ({ actor }) => {
  const { id, name, email } = actor.user;
  return NextResponse.json({ id, name, email }, { headers: { "Cache-Control": "private, no-store" } });
});
