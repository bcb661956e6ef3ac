// GET /api/user – the signed-in user (id, name, email); 401 otherwise
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({ auth: "required" }, async ({ caller }) => {
  const { id, name, email } = caller.user;
  return NextResponse.json({ id, name, email }, { headers: { "Cache-Control": "private, no-store" } });
});
