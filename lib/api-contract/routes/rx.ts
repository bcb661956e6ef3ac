// POST /api/rx/{reference}/dispense: a community pharmacy's signed-in account marks one of our
// prescriptions dispensed with the one-time code printed on it (the page at /rx/{reference}).
import { z } from "zod";
import { dispensePrescriptionSchema, prescriptionReferenceParamsSchema } from "@/lib/validation/rx";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";

export const rxOperations = defineOperations([
  {
    method: "post",
    path: "/api/rx/{reference}/dispense",
    summary: "A signed-in pharmacy account marks a prescription dispensed with its 8-digit dispensing code",
    tags: ["Prescriptions"],
    // Access has no "pharmacy": a signed-in account with a role (401 signed out, 403 any other account), closest to staff.
    access: "staff",
    request: { params: prescriptionReferenceParamsSchema, body: dispensePrescriptionSchema },
    responses: {
      200: { description: "Dispensed (Cache-Control: private, no-store).", schema: z.strictObject({ message: z.string(), dispensedAt: z.string().describe("An ISO 8601 date-time.") }) },
      ...boundaryErrors({ write: true, jsonBody: true, params: true, signedIn: true }),
      403: errorResponse("Not a pharmacy's account (staff and admins included), a pharmacy without premises details, a cross-site write, or a cookie write without a valid X-XSRF-TOKEN."),
      404: errorResponse("We could not find this prescription (a malformed reference reads the same)."),
      409: errorResponse("Already dispensed, supplied under the patient's prescription plan, or expired."),
      422: errorResponse("Validation failed, or the code does not match this prescription (`errors.code`)."),
      429: errorResponse("Too many wrong codes for this prescription or from this client address; Retry-After says when to try again."),
    },
  },
]);
