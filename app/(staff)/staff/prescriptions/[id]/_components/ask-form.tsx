"use client";

import { TextActionForm } from "@/components/staff/text-action-form";
import { askPatientSchema } from "@/lib/validation/prescription-review";

/** Ask the patient a question; the case waits for their reply and the claim is released. */
export function AskForm({ caseId }: { caseId: string }) {
  return (
    <TextActionForm
      path={`/api/staff/prescriptions/${caseId}/messages`}
      schema={askPatientSchema}
      field="body"
      id="ask"
      title="Ask the patient a question"
      note="The patient is emailed that there is a message and answers in their account. The case returns to the queue when they reply."
      label="Your question"
      submitLabel="Send question"
      busyLabel="Sending..."
    />
  );
}
