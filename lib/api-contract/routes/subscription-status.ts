// GET /api/subscription-status: whether the caller has a live plan (spec section 7).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";

export const subscriptionStatusOperations = defineOperations([
  {
    method: "get",
    path: "/api/subscription-status",
    summary: "Whether the caller (an account, or the guest of the guest cookie) has a live plan, per treatment type",
    tags: ["Subscriptions"],
    access: "guest",
    responses: {
      200: {
        description: "Live means active, trialing or past due. `treatment_types` names every treatment type with a plan on offer (false for a caller without one).",
        schema: z.strictObject({ has_active_subscription: z.boolean(), treatment_types: z.record(z.string(), z.boolean()) }),
      },
      ...boundaryErrors({}),
      401: errorResponse("A bearer token was sent that is not valid or has expired."),
    },
  },
]);
