// POST /api/rx/{reference}/dispense – a pharmacy marks a prescription dispensed with its one-time code (no sign-in)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/request/client-address";
import { dispensePrescription } from "@/lib/server/rx/dispense-prescription";
import { dispensePrescriptionSchema, prescriptionReferenceParamsSchema } from "@/lib/validation/rx";

// No account needed, but a browser (cookie) client still sends the XSRF token: apiRoute's rules.
export const POST = apiRoute({ params: prescriptionReferenceParamsSchema, body: dispensePrescriptionSchema, maxBodyBytes: 2048 }, async ({ req, params, body }) => {
  const result = await dispensePrescription(params.reference, body, { address: clientAddress(req.headers) });
  return NextResponse.json(result, { headers: { "Cache-Control": "private, no-store" } });
});
