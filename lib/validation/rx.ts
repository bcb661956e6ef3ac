import { z } from "zod";

// Shared by the pharmacy's form at /rx/{reference} and POST /api/rx/{reference}/dispense.

export const UNKNOWN_PRESCRIPTION_MESSAGE = "We could not find this prescription. It may not be genuine.";
export const DISPENSE_CODE_MESSAGE = "Enter the 8-digit dispensing code printed on the prescription.";

/**
 * A prescription's reference as printed and encoded in its QR code ("RX-7K3Q-9DMP-4XHT"),
 * accepted in any case. Anything that cannot be a reference is "not found", never a 422:
 * route params must not tell a malformed reference from an unknown one.
 */
export const prescriptionReferenceSchema = z
  .string({ error: UNKNOWN_PRESCRIPTION_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,8}(-[A-Z0-9]{2,8}){1,5}$/, UNKNOWN_PRESCRIPTION_MESSAGE);

export const prescriptionReferenceParamsSchema = z.object({ reference: prescriptionReferenceSchema });

/**
 * The dispensing code only: the pharmacy is the signed-in pharmacy account. A `pharmacy`
 * field that older clients send (the name they typed) is accepted and ignored (stripped).
 */
export const dispensePrescriptionSchema = z.object({
  // Printed as "1234 5678": spaces and dashes typed with it are ignored.
  code: z
    .string({ error: DISPENSE_CODE_MESSAGE })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{8}$/, DISPENSE_CODE_MESSAGE)),
});

export type DispensePrescriptionInput = z.infer<typeof dispensePrescriptionSchema>;
