// POST /api/questionnaires/{id}/submit – check the whole path through the branching and lock the answers
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { submitQuestionnaire } from "@/lib/server/questionnaire/submit-questionnaire";
import { questionnaireParamsSchema } from "@/lib/validation/questionnaire";

export const POST = apiRoute({ actor: "guest", expiredSession: "unauthorized", params: questionnaireParamsSchema }, async ({ params, actor }) => {
  if (!actor) throw new AppError("not_found", "We could not find that questionnaire.");
  return NextResponse.json(await submitQuestionnaire(actor, params.id));
});
