// POST /api/rx/{reference}/dispense – a signed-in pharmacy account marks a prescription dispensed with its one-time code
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { assertPharmacy } from "@/lib/server/rx/assert-pharmacy";
import { dispensePrescription } from "@/lib/server/rx/dispense-prescription";
import { dispensePrescriptionSchema, prescriptionReferenceParamsSchema } from "@/lib/validation/rx";

// 401 signed out, 403 for any account but a pharmacy's (checked before any code is counted).
export const POST = apiRoute({ params: prescriptionReferenceParamsSchema, body: dispensePrescriptionSchema, maxBodyBytes: 2048 }, async ({ req, params, body, actor }) => {
  const pharmacy = assertPharmacy(actor);
  const result = await dispensePrescription(pharmacy, params.reference, body, { address: clientAddress(req.headers) });
  return NextResponse.json(result, { headers: { "Cache-Control": "private, no-store" } });
});
