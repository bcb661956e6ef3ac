// POST /api/staff/prescriptions/{id}/issue {medicine, dose, quantity, directions} – issue the prescription (claim holder only)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { issuePrescription } from "@/lib/server/prescription-review/issue-prescription";
import { REVIEWER_ROLES } from "@/lib/server/prescription-review/types";
import { issuePrescriptionSchema, reviewCaseParamsSchema } from "@/lib/validation/prescription-review";

export const POST = apiRoute(
  { actor: { staff: REVIEWER_ROLES }, params: reviewCaseParamsSchema, body: issuePrescriptionSchema },
  async ({ actor, params, body }) => {
    const result = await issuePrescription(actor, params.id, body);
    return NextResponse.json({ message: `Prescription ${result.prescription.reference} issued. The patient has been emailed.`, case: result }, { status: 201 });
  },
);
