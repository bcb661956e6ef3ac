"use client";

import { TextActionForm } from "@/components/staff/text-action-form";
import { prescribeOrderSchema } from "@/lib/validation/order-review";

/** The prescriber authorises the order's prescription-only medicine; the claim is released and a pharmacist dispenses it. */
export function PrescribeForm({ orderId, blockedReason }: { orderId: string; blockedReason: string | null }) {
  return (
    <TextActionForm
      path={`/api/staff/orders/${orderId}/prescribe`}
      schema={prescribeOrderSchema}
      field="directions"
      id="prescribe"
      title="Prescribe"
      note="Your name and registration are recorded as the prescriber. The order then waits for a pharmacist, who dispenses it; you cannot dispense it yourself."
      label="Directions or a note for the pharmacist (optional)"
      submitLabel="Prescribe"
      busyLabel="Prescribing..."
      optional
      primary
      blockedReason={blockedReason}
    />
  );
}
