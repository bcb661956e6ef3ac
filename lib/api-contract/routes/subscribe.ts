// POST /api/subscribe: where the caller goes next to start a plan (spec section 7: the client
// follows `url`; product decisions: the assessment first when none is passed).
import { z } from "zod";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { subscribeSchema } from "@/lib/validation/subscriptions";

const subscribeAnswerSchema = z.union([
  z.strictObject({ url: z.string(), sessionId: z.string() }).meta({ description: "Stripe Checkout in subscription mode: `url` is the hosted page, `sessionId` its session." }),
  z
    .strictObject({ url: z.string(), message: z.string(), next: z.enum(["assessment", "prescription"]) })
    .meta({ description: "Not payable yet: `url` is the treatment's assessment, or the prescription questionnaire for a prescription plan." }),
]);

export const subscribeOperations = defineOperations([
  {
    method: "post",
    path: "/api/subscribe",
    summary: "Start a plan: Stripe Checkout, or the assessment to pass first",
    tags: ["Subscriptions"],
    access: "guest",
    request: { body: subscribeSchema },
    responses: {
      200: { description: "Where to send the caller next (a guest without a guest cookie gets one).", schema: subscribeAnswerSchema },
      ...boundaryErrors({ write: true, jsonBody: true }),
      401: errorResponse("A bearer token was sent that is not valid or has expired."),
      404: errorResponse("The issued prescription the plan was chosen for is no longer there."),
      409: errorResponse("A live subscription of this treatment already exists, or the prescription's plan cannot start (not issued yet, dispensed, started or withdrawn)."),
      422: errorResponse("Validation failed, or `plan_id` is not a plan on offer (or one that cannot be started online)."),
      429: errorResponse("Too many checkout attempts from this address (Retry-After)."),
      502: errorResponse("The payment provider refused or did not answer; its message is passed on."),
    },
  },
]);
