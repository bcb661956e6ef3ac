// GET /api/medical-documents/questionnaires/{id} – the owner's submitted questionnaire, downloaded as JSON
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { exportQuestionnaire } from "@/lib/server/prescriptions/export-questionnaire";
import { questionnaireParamsSchema } from "@/lib/validation/questionnaire";

export const GET = apiRoute({ actor: "account", params: questionnaireParamsSchema }, async ({ params, actor }) => {
  const document = await exportQuestionnaire(actor, params.id);
  return NextResponse.json(document, {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Disposition": `attachment; filename="questionnaire-${document.questionnaire.submitted_at?.slice(0, 10) ?? params.id}.json"`,
    },
  });
});
