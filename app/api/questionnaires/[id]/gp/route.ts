// PUT /api/questionnaires/{id}/gp {practice_name, address_line1, address_line2?, town, postcode, email?, consent} – the GP step beside an assessment (account: the account's GP row; guest: kept with the questionnaire)
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { saveQuestionnaireGpDetails } from "@/lib/server/gp/questionnaire-gp-details";
import { gpSavedMessage } from "@/lib/server/gp/save-gp-details";
import { apiRoute } from "@/lib/server/http/api-route";
import { saveGpDetailsSchema } from "@/lib/validation/gp";
import { questionnaireParamsSchema } from "@/lib/validation/questionnaire";

export const PUT = apiRoute({ actor: "guest", expiredSession: "unauthorized", params: questionnaireParamsSchema, body: saveGpDetailsSchema }, async ({ params, actor, body }) => {
  if (!actor) throw new AppError("not_found", "We could not find that questionnaire.");
  const gp = await saveQuestionnaireGpDetails(actor, params.id, body);
  return NextResponse.json({ message: gpSavedMessage(gp), gp });
});
