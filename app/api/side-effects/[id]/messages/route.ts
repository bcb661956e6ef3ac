// POST /api/side-effects/{id}/messages {body} – the patient writes to the clinical team about their report
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { sendPatientMessage } from "@/lib/server/side-effects/patient-reports";
import { sideEffectMessageSchema, sideEffectParamsSchema } from "@/lib/validation/side-effects";

export const POST = apiRoute({ actor: "account", params: sideEffectParamsSchema, body: sideEffectMessageSchema, maxBodyBytes: 16 * 1024 }, async ({ actor, params, body }) => {
  const message = await sendPatientMessage(actor, params.id, body.body);
  return NextResponse.json({ message: "Your message has been sent to our clinical team.", sent: message }, { status: 201 });
});
