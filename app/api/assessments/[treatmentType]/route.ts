// GET /api/assessments/{treatmentType} – the caller's open (unfinished) attempt at this assessment, to resume it
import { NextResponse } from "next/server";
import { getAssessmentDefinition } from "@/lib/questionnaire/definitions";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { findOpenResponse } from "@/lib/server/questionnaire/find-open-response";
import { ASSESSMENT_NOT_FOUND, assessmentParamsSchema } from "@/lib/validation/questionnaire";

// The answers are health data: never cached, and only the owner's (a guest by their cookie).
export const GET = apiRoute({ actor: "guest", params: assessmentParamsSchema }, async ({ params, actor }) => {
  const definition = getAssessmentDefinition(params.treatmentType);
  if (!definition) throw new AppError("not_found", ASSESSMENT_NOT_FOUND);
  const open = actor ? await findOpenResponse(actor, definition.slug) : null;
  return NextResponse.json({ attempt: open ? { id: open.id, answers: open.answers } : null }, { headers: { "Cache-Control": "private, no-store" } });
});
