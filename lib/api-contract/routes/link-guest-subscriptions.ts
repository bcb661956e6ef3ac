// POST /api/link-guest-subscriptions: what a guest id holds moves to the signed-in account
// (spec section 7; product decisions: a well-formed id that owns nothing is a 2xx).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { linkGuestSchema } from "@/lib/validation/auth";

export const linkGuestSubscriptionsOperations = defineOperations([
  {
    method: "post",
    path: "/api/link-guest-subscriptions",
    summary: "Move what a guest id (the body's, else the guest cookie's) holds to the signed-in account",
    tags: ["Subscriptions"],
    access: "patient",
    request: { body: linkGuestSchema },
    responses: {
      200: {
        description: "`moved` counts the records moved (0: nothing to move); the guest cookie is cleared.",
        schema: z.strictObject({ message: z.string(), moved: z.number().int() }),
      },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      409: errorResponse("The guest id is already linked to another account."),
      422: errorResponse("Validation failed, the guest id is not valid, or there is no guest id (none in the body or the cookie)."),
    },
  },
]);
