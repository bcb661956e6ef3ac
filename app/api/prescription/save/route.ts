// POST /api/prescription/save – after checkout: the caller's paid prescription request (idempotent)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { savePrescription } from "@/lib/server/prescriptions/save-prescription";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { prescriptionSaveSchema } from "@/lib/validation/prescription";

export const POST = apiRoute({ actor: "guest", body: prescriptionSaveSchema, maxBodyBytes: 256 * 1024 }, async ({ req, body, actor }) => {
  const prescription = await savePrescription(actor, body.paymentSessionId, clientAddress(req.headers));
  return NextResponse.json({ message: "Your prescription request has been submitted.", prescription });
});
