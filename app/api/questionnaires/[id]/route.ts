// GET /api/questionnaires/{id} – the caller's questionnaire response (answers, photos, submitted)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { getOwnedResponse } from "@/lib/server/questionnaire/response-records";
import { questionnaireParamsSchema } from "@/lib/validation/questionnaire";

export const GET = apiRoute({ actor: "guest", params: questionnaireParamsSchema }, async ({ params, actor }) =>
  NextResponse.json(await getOwnedResponse(actor, params.id), { headers: { "Cache-Control": "private, no-store" } }),
);
