// POST /api/staff/prescriptions/{id}/messages {body} – ask the patient a question (claim holder only; releases the claim)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { askPatientQuestion } from "@/lib/server/prescription-review/ask-patient-question";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { askPatientSchema, reviewCaseParamsSchema } from "@/lib/validation/prescription-review";

export const POST = apiRoute(
  { actor: { staff: REVIEWER_ROLES }, params: reviewCaseParamsSchema, body: askPatientSchema },
  async ({ actor, params, body }) => {
    const result = await askPatientQuestion(actor, params.id, body);
    return NextResponse.json({ message: "Your question was sent. The case returns to the queue when the patient replies.", case: result }, { status: 201 });
  },
);
