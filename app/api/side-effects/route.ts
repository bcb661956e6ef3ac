// POST /api/side-effects {treatment, description, startedOn, severity, redFlags} – a patient reports a side effect; answers { report: { id, reference, serious } }
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { reportSideEffect } from "@/lib/server/side-effects/report-side-effect";
import { reportSideEffectSchema } from "@/lib/validation/side-effects";

export const POST = apiRoute({ actor: "account", body: reportSideEffectSchema, maxBodyBytes: 32 * 1024 }, async ({ actor, body }) => {
  const report = await reportSideEffect(actor, body);
  return NextResponse.json({ message: "Your report has been sent to our clinical team.", report }, { status: 201 });
});
