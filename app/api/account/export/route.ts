// GET /api/account/export – download everything we hold about the caller, as JSON
import { NextResponse } from "next/server";
import { exportAccountData } from "@/lib/server/account/export-account-data";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({ auth: "required" }, async ({ caller }) =>
  NextResponse.json(await exportAccountData(caller.user.id), {
    headers: { "Cache-Control": "private, no-store", "Content-Disposition": 'attachment; filename="my-data.json"' },
  }),
);
