"use client";

import { useMemo } from "react";
import { declineReasonSchema } from "@/lib/validation/staff-review";
import { TextActionForm } from "./text-action-form";

/**
 * Decline with a reason; the payment is refunded in full. `maxLength` is the kind's limit
 * (the same number its server schema is built with from declineReasonSchema).
 */
export function DeclineForm({ path, maxLength }: { path: string; maxLength: number }) {
  const schema = useMemo(() => declineReasonSchema(maxLength), [maxLength]);
  return (
    <TextActionForm
      path={path}
      schema={schema}
      field="reason"
      id="decline"
      title="Decline and refund"
      note="The patient reads the reason in their account (it is never emailed) and is refunded in full at once."
      label="Reason for the patient"
      submitLabel="Decline and refund"
      busyLabel="Declining..."
    />
  );
}
