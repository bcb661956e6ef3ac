// GET /api/account/export – download everything we hold about the actor, as JSON
import { NextResponse } from "next/server";
import { exportAccountData } from "@/lib/server/account/export-account-data";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute({ actor: "account" }, async ({ actor }) =>
  NextResponse.json(await exportAccountData(actor), {
    headers: { "Cache-Control": "private, no-store", "Content-Disposition": 'attachment; filename="my-data.json"' },
  }),
);
