// GET /api/health – 200 when the database answers, 503 when it does not
import { NextResponse } from "next/server";
import { isDatabaseReachable } from "@/lib/server/health/check-health";

export const dynamic = "force-dynamic";

export async function GET() {
  const database = await isDatabaseReachable();
  return NextResponse.json(
    { status: database ? "ok" : "unavailable", database: database ? "reachable" : "unreachable" },
    { status: database ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
