// POST /api/contact: the contact form (spec section 8's thank-you; product decisions: the
// message is stored for the team).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { createContactMessageSchema } from "@/lib/validation/contact";

export const contactOperations = defineOperations([
  {
    method: "post",
    path: "/api/contact",
    summary: "Send the team a message",
    tags: ["Contact"],
    access: "public",
    request: { body: createContactMessageSchema },
    responses: {
      201: { description: "Stored: \"Thank you for your message! We'll get back to you soon.\"", schema: z.strictObject({ message: z.string() }) },
      ...boundaryErrors({ write: true, jsonBody: true }),
      401: errorResponse("A bearer token was sent that is not valid or has expired."),
      429: errorResponse("Too many messages from this address or this email in the last hour (Retry-After)."),
    },
  },
]);
