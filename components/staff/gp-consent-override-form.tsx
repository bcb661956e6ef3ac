"use client";

import { recordGpConsentOverrideSchema } from "@/lib/validation/gp";
import { TextActionForm } from "./text-action-form";

/**
 * Shown to the clinician deciding a supply of a "GP consent required" medicine when the patient
 * has not consented to telling their GP: record why supplying is still appropriate (or decline).
 */
export function GpConsentOverrideForm({ path }: { path: string }) {
  return (
    <TextActionForm
      path={path}
      schema={recordGpConsentOverrideSchema}
      field="reason"
      id="gp-consent-override"
      title="Supply without telling the GP"
      note="The patient has not given their GP, or not consented to us telling them. Record why supplying is still clinically appropriate; the reason is kept with this supply and the decision is audited."
      label="Why supplying is still appropriate"
      submitLabel="Record the reason"
      busyLabel="Recording..."
    />
  );
}
