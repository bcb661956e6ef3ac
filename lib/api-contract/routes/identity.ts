// POST /api/identity/verification: the patient's identity check before a first
// prescription-only supply (product decisions: Stripe Identity).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";

export const identityOperations = defineOperations([
  {
    method: "post",
    path: "/api/identity/verification",
    summary: "Open the identity provider's check for the signed-in patient (an open check is reused)",
    tags: ["Identity"],
    access: "patient",
    responses: {
      200: { description: "`url` is the provider's page; it returns to /dashboard/identity.", schema: z.strictObject({ url: z.string() }) },
      ...boundaryErrors({ write: true, signedIn: true }),
      403: errorResponse("Not a patient's account, a cross-site write, or a cookie write without a valid X-XSRF-TOKEN."),
      429: errorResponse("Too many checks started for this account (Retry-After)."),
      502: errorResponse("The identity provider refused or did not answer; its message is passed on."),
    },
  },
]);
