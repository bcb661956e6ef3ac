// POST /api/newsletter: the footer's sign-up, with consent (product decisions: the spec's form
// now stores a subscriber and emails the 10% first-order code).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { createSubscriberSchema } from "@/lib/validation/newsletter";

export const newsletterOperations = defineOperations([
  {
    method: "post",
    path: "/api/newsletter",
    summary: "Subscribe to the newsletter with consent; the personal first-order code is emailed",
    tags: ["Newsletter"],
    access: "public",
    request: { body: createSubscriberSchema },
    responses: {
      201: { description: "The same answer for a new and a known email, so the form cannot reveal who subscribed.", schema: z.strictObject({ message: z.string() }) },
      ...boundaryErrors({ write: true, jsonBody: true }),
      401: errorResponse("A bearer token was sent that is not valid or has expired."),
      429: errorResponse("Too many sign-ups from this address or for this email in the last hour (Retry-After)."),
    },
  },
]);
