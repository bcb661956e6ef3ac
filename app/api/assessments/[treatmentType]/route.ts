// GET /api/assessments/{treatmentType} – the caller's open (unfinished) attempt at this assessment, to resume it
import { NextResponse } from "next/server";
import { z } from "zod";
import { getAssessmentDefinition } from "@/lib/questionnaire/definitions";
import { AppError } from "@/lib/server/core/errors/app-error";
import { apiRoute } from "@/lib/server/http/api-route";
import { findOpenResponse } from "@/lib/server/questionnaire/find-open-response";

const NO_SUCH_ASSESSMENT = "We could not find that assessment.";
const params = z.object({ treatmentType: z.string().regex(/^[a-z0-9-]{1,60}$/, NO_SUCH_ASSESSMENT) });

// The answers are health data: never cached, and only the owner's (a guest by their cookie).
export const GET = apiRoute({ actor: "guest", params }, async ({ params, actor }) => {
  const definition = getAssessmentDefinition(params.treatmentType);
  if (!definition) throw new AppError("not_found", NO_SUCH_ASSESSMENT);
  const open = actor ? await findOpenResponse(actor, definition.slug) : null;
  return NextResponse.json({ attempt: open ? { id: open.id, answers: open.answers } : null }, { headers: { "Cache-Control": "private, no-store" } });
});
