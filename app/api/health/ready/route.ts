// GET /api/health/ready – readiness: 200 when the database answers and has every migration this
// build carries; 503 (with what is wrong) otherwise, so a load balancer sends no traffic here
import { NextResponse } from "next/server";
import { isDatabaseReachable } from "@/lib/server/health/check-health";
import { pendingMigrations } from "@/lib/server/health/check-migrations";

export const dynamic = "force-dynamic";

export async function GET() {
  const headers = { "Cache-Control": "no-store" };
  if (!(await isDatabaseReachable())) {
    return NextResponse.json({ status: "unavailable", database: "unreachable", message: "The database cannot be reached." }, { status: 503, headers });
  }
  let pending: string[];
  try {
    pending = await pendingMigrations();
  } catch {
    return NextResponse.json({ status: "unavailable", database: "reachable", migrations: "unknown", message: "The database's migrations cannot be read." }, { status: 503, headers });
  }
  if (pending.length) {
    return NextResponse.json(
      { status: "unavailable", database: "reachable", migrations: "pending", pending, message: `${pending.length} database migration(s) not applied yet.` },
      { status: 503, headers },
    );
  }
  return NextResponse.json({ status: "ok", database: "reachable", migrations: "applied" }, { headers });
}
